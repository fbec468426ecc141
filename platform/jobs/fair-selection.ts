import type pg from 'pg';

/** Agenda's find-and-lock call on the job store (`JobRepository.getNextJobToRun`), as the PostgreSQL store receives it. */
type GetNextJobToRun = (
  jobName: string,
  nextScanAt: Date,
  lockDeadline: Date,
  now?: Date,
  options?: { lastModifiedBy?: string },
) => Promise<unknown>;

interface FairRepository {
  getNextJobToRun: GetNextJobToRun;
  /** The store's own row-to-job mapping (private in its types, present at run time). */
  rowToJob(row: Record<string, unknown>): unknown;
}

/**
 * How many slots of a lane one organization may hold in one worker: all but a reserve that only the other
 * organizations can take, so a tenant whose jobs hang (a slow host, a stuck provider) never holds the whole lane.
 * A lane of one slot has no reserve: its fairness is the order alone.
 */
export function organizationShare(concurrency: number): number {
  if (concurrency < 2) return Math.max(1, concurrency);
  return concurrency - Math.max(1, Math.floor(concurrency / 5));
}

/** The organization a job row belongs to in the selection ('' for platform-wide jobs). */
const ORG = `coalesce(data->>'organizationId', '')`;

/**
 * One statement that picks and locks the next job of a lane, fairly between organizations:
 * - a job whose lock expired (its worker died unnamed) comes first, as the store's own query would;
 * - otherwise, among the organizations with a due job, the one this worker started a job of longest ago (round
 *   robin; never counts as longest ago) goes next, and among equals the one holding the fewest live locks in this
 *   lane across every worker, its oldest job first: a backlog of one organization takes turns with a single job of
 *   another instead of standing before it;
 * - an organization already holding its share of this worker's slots is passed over.
 * The organizations with due jobs are found by a skip scan of `agenda_jobs_fair_idx` (one index probe per
 * organization, not one row per queued job), so a backlog of thousands costs the same as a queue of one.
 * Parameters: $1 lock time, $2 job name, $3 next scan time, $4 lock deadline, $5 worker name, $6 share,
 * $7 when this worker last served each organization in this lane (`{org: turn}`, absent: never).
 */
export function fairNextJobSql(table: string): string {
  const due = `name = $2 and locked_at is null and disabled = false and next_run_at <= $3`;
  return `with recursive orgs(org) as (
      (select ${ORG} from "${table}" where ${due} order by 1 limit 1)
      union all
      select (select ${ORG} from "${table}" where ${due} and ${ORG} > orgs.org order by 1 limit 1) from orgs where orgs.org is not null
    ),
    held as (
      select ${ORG} as org, count(*) as lane, count(*) filter (where last_modified_by is not distinct from $5) as mine
      from "${table}" where name = $2 and locked_at > $4 group by 1
    ),
    candidates as (
      select j.id, 0 as rank, coalesce(h.lane, 0) as load, coalesce(($7::jsonb ->> o.org)::bigint, 0) as turn, j.next_run_at, j.priority
      from orgs o
      left join held h on h.org = o.org
      cross join lateral (
        select id, next_run_at, priority from "${table}" where ${due} and ${ORG} = o.org order by next_run_at, priority desc limit 3
      ) j
      where o.org is not null and coalesce(h.mine, 0) < $6
      union all
      (select id, -1, 0, 0, next_run_at, priority from "${table}" where name = $2 and disabled = false and locked_at <= $4 order by locked_at limit 1)
    )
    update "${table}" set locked_at = $1, last_modified_by = $5
    where id = (
      select t.id from "${table}" t join candidates c on c.id = t.id
      where t.name = $2 and t.disabled = false and ((t.locked_at is null and t.next_run_at <= $3) or t.locked_at <= $4)
      order by c.rank, c.turn, c.load, c.next_run_at, c.priority desc
      limit 1 for update of t skip locked
    )
    returning *`;
}

/**
 * Replaces the PostgreSQL store's find-and-lock with the fair one above: every lane of every module gets it, since
 * Agenda locks every job through this one call. `share(name)` is the organization share of that lane; `turns` is
 * told by the job runner when a job of an organization starts (a job locked and then released by Agenda's own limit
 * check took no turn).
 *
 * Agenda asks for a lane from its scan and from every wake-up (one per queued job), each ask meant to lock one more
 * job. The asks of one lane go one after another, so each sees the locks of the one before and the share holds
 * exactly; and while one ask already waits its turn, a further one is answered "nothing" at once: the waiting ask
 * runs after it and sees the same jobs, and a successful one makes Agenda ask again until the lane is full. A burst of
 * a thousand wake-ups costs a few statements, not a thousand locks taken and handed back.
 */
export function installFairSelection(
  repository: unknown,
  pool: pg.Pool,
  table: string,
  share: (jobName: string) => number,
  turns: RoundRobin,
): void {
  const repo = repository as FairRepository;
  const sql = fairNextJobSql(table);
  const lanes = new Map<string, { tail: Promise<unknown>; waiting: boolean }>();
  repo.getNextJobToRun = (jobName, nextScanAt, lockDeadline, now, options) => {
    const lane = lanes.get(jobName) ?? { tail: Promise.resolve(), waiting: false };
    if (lane.waiting) return Promise.resolve(undefined);
    lane.waiting = true;
    const ask = async () => {
      lane.waiting = false;
      const params = [
        now ?? new Date(),
        jobName,
        nextScanAt,
        lockDeadline,
        options?.lastModifiedBy ?? null,
        share(jobName),
        JSON.stringify(turns.of(jobName)),
      ];
      const { rows } = await pool.query(sql, params);
      return rows.length === 0 ? undefined : repo.rowToJob(rows[0] as Record<string, unknown>);
    };
    const next = lane.tail.then(ask, ask);
    lane.tail = next.catch(() => undefined);
    lanes.set(jobName, lane);
    return next;
  };
}

/** When this worker last served each organization, per lane: the round robin's memory (the most recent ones only). */
export class RoundRobin {
  private turn = 0;
  private readonly lanes = new Map<string, Map<string, number>>();
  constructor(private readonly remembered = 1000) {}

  served(lane: string, organization: string): void {
    let served = this.lanes.get(lane);
    if (!served) this.lanes.set(lane, (served = new Map()));
    served.delete(organization); // re-inserted last: the map stays ordered from longest ago to latest
    served.set(organization, ++this.turn);
    // The one forgotten is the one served longest ago: it only moves to the front, which is where it stood.
    if (served.size > this.remembered) served.delete(served.keys().next().value!);
  }

  of(lane: string): Record<string, number> {
    return Object.fromEntries(this.lanes.get(lane) ?? []);
  }
}
