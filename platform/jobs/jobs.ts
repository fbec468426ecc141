import { Agenda, type Job } from 'agenda';
import { PostgresBackend } from '@agendajs/postgres-backend';
import pg from 'pg';
import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logging/logger.js';
import { forkForTenant } from '../orm/tenancy.js';
import { WorkerLiveness } from './worker-liveness.js';
import { installFairSelection, organizationShare, RoundRobin } from './fair-selection.js';
import { unrefLivenessSleeps } from './agenda-liveness-sleep.js';

const JOBS_TABLE = 'agenda_jobs';

/** A job row as the body of a data-modifying CTE, for callers that write it inside a larger statement. */
export interface JobInsert {
  /** `insert into agenda_jobs … returning id, name`; one row per row of `from`. */
  sql: string;
  params: unknown[];
  /** The select that NOTIFYs the workers (delivered on commit) once per row of this insert, run as the CTE named `cte`. */
  notify(cte: string): { sql: string; params: unknown[] };
}

/**
 * The row of a new job on the PostgreSQL store, and its wake-up with the payload Agenda's PostgreSQL channel reads.
 * `from` (e.g. `from message`) writes it once per row of that CTE, so a statement queues the job only when its
 * change happened; without it the row is written once.
 */
export function jobInsert(name: string, data: object, runAt: Date, from = ''): JobInsert {
  return {
    sql: `insert into ${JOBS_TABLE} (name, data, next_run_at, type, priority) select ?, ?::jsonb, ?::timestamptz, 'normal', 0 ${from} returning id, name`,
    params: [name, JSON.stringify(data), runAt],
    notify: (cte) => ({
      sql: `select pg_notify('${JOBS_TABLE}', json_build_object('jobId', id, 'jobName', name, 'nextRunAt', ?::text, 'priority', 0, 'timestamp', ?::text)::text) from ${cte}`,
      params: [runAt.toISOString(), new Date().toISOString()],
    }),
  };
}

/** What a job handler receives besides its data: its own EntityManager fork and a logger. */
export interface JobContext {
  /** Scoped to `data.organizationId` when the data carries one; unscoped (filters off) otherwise. */
  em: EntityManager;
  logger: Logger;
  /** 1 on the first run of this job row. */
  attempt: number;
}

export interface JobDefinition<T extends object> {
  name: string;
  /** Must be idempotent: a job may run again after a crash or a lock timeout. */
  handler: (data: T, ctx: JobContext) => Promise<void>;
  /** Parallel runs of this job in one process. */
  concurrency?: number;
  /** How long a run may hold its lock before another worker may take it over. */
  lockLifetimeMs?: number;
}

/** Hears how each job run ended (metrics). */
export interface JobObserver {
  jobDone(name: string, outcome: 'success' | 'failure', seconds: number): void;
}

export interface JobsOptions {
  databaseUrl: string;
  processEveryMs: number;
  orm: MikroORM;
  logger: Logger;
  /**
   * This worker's name in the job store (who locked a job), unique among running workers, stable across restarts of
   * the same process slot (host and port). Named workers on PostgreSQL release the job locks of dead ones at once
   * (WorkerLiveness); an unnamed worker's locks expire after their lock lifetime.
   */
  instanceName?: string;
  observer?: JobObserver;
}

/** Agenda 6 on the PostgreSQL job store, with per-run EntityManager forks. */
export class Jobs {
  readonly agenda: Agenda;
  private readonly pool: pg.Pool;
  private liveness?: WorkerLiveness;
  private started = false;
  /** Sum of the defined jobs' concurrency: the process-wide limit. */
  private lanes = 0;
  /** Per lane, how many of its slots one organization may hold in this worker (fair-selection.ts). */
  private readonly shares = new Map<string, number>();
  /** Per lane, when this worker last started a job of each organization (the fair selection's round robin). */
  private readonly turns = new RoundRobin();
  /** Statements sent to the job store by this process (Agenda's, the liveness sweeps', metrics'): how busy the scheduler is. */
  private queries = 0;

  private constructor(
    agenda: Agenda,
    private readonly options: JobsOptions,
    pool: pg.Pool,
  ) {
    this.agenda = agenda;
    this.pool = pool;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    pool.query = ((...args: unknown[]) => {
      this.queries++;
      return query(...args);
    }) as typeof pool.query;
    installFairSelection(agenda.db, pool, JOBS_TABLE, (name) => this.shares.get(name) ?? 1, this.turns);
    agenda.on('error', (error: unknown) => options.logger.error('job store error', { error }));
  }

  static async create(options: JobsOptions): Promise<Jobs> {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 5 });
    // An idle client dropped by the server (restart, shutdown) must not crash the process; the pool reconnects.
    pool.on('error', (error) => options.logger.warn('job store connection lost', { error: error.message }));
    // The table is created by the platform migration (under its lock); Agenda's own schema set-up on connect, run by
    // several processes starting at once, failed one of them with 'tuple concurrently updated' (its trigger function).
    const backend = new PostgresBackend({ pool, tableName: JOBS_TABLE, channelName: JOBS_TABLE, ensureSchema: false });
    // The LISTEN connection reports a server shutdown as an 'error' event; unheard, it would crash the process.
    (backend.notificationChannel as unknown as NodeJS.EventEmitter | undefined)?.on('error', (error: Error) =>
      options.logger.warn('job notifications connection lost', { error: error.message }),
    );
    const agenda = new Agenda({ backend, processEvery: options.processEveryMs, name: options.instanceName });
    return new Jobs(agenda, options, pool);
  }

  /**
   * Each job name runs in a lane of its own: its `concurrency` is its budget, and the process-wide limit is the sum of
   * every lane's, so one kind of job (webhook retries stuck on a slow host) can never take the slots of another (sends).
   * A worker locks no more jobs of a name than it can run at once: the rest stay free for other workers, and Agenda's
   * queue of locked jobs stays short (it scans that queue for a free slot on every turn). Within a lane, organizations
   * take turns and none holds more than its share (fair-selection.ts), so one tenant's backlog cannot hold back another's.
   */
  define<T extends object>(def: JobDefinition<T>): void {
    const concurrency = def.concurrency ?? 10;
    this.lanes += concurrency;
    this.shares.set(def.name, organizationShare(concurrency));
    this.agenda.maxConcurrency(this.lanes);
    this.agenda.define(
      def.name,
      async (job: Job<T>) => {
        const data = job.attrs.data;
        const organizationId = (data as { organizationId?: string }).organizationId;
        this.turns.served(def.name, organizationId ?? '');
        const root = this.options.orm.em;
        const em = organizationId
          ? forkForTenant(root, organizationId)
          : root.fork({ clear: true, useContext: false, disableFilters: true } as never);
        const logger = this.options.logger.child({ job: def.name, jobId: String(job.attrs._id) });
        const started = performance.now();
        let outcome: 'success' | 'failure' = 'failure';
        try {
          await def.handler(data, { em: em as EntityManager, logger, attempt: (job.attrs.failCount ?? 0) + 1 });
          outcome = 'success';
        } finally {
          this.options.observer?.jobDone(def.name, outcome, (performance.now() - started) / 1000);
        }
      },
      { concurrency, lockLimit: concurrency, lockLifetime: def.lockLifetimeMs ?? 5 * 60_000, removeOnComplete: true },
    );
  }

  /**
   * Enqueues a job. The row is written in the EntityManager's current transaction (it runs only if the change that
   * asked for it commits) and NOTIFY wakes a worker on commit, in one round trip. Jobs live in the application's
   * database, so a statement may also write one itself (`jobInsert`).
   */
  async enqueue(em: EntityManager, name: string, data: object, runAt: Date = new Date()): Promise<void> {
    const job = jobInsert(name, data, runAt);
    const notify = job.notify('job');
    await em.execute(`with job as (${job.sql}) ${notify.sql}`, [...job.params, ...notify.params]);
  }

  /** Schedules `name` to run every `interval` (`'1 hour'`); one schedule per name, however many processes ask. */
  async every(interval: string, name: string): Promise<void> {
    await this.agenda.every(interval, name, {});
  }

  /** Due jobs that no worker holds yet, by name (metrics). */
  async queueDepth(): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ name: string; n: number }>(
      `select name, count(*)::int as n from ${JOBS_TABLE} where next_run_at <= now() and locked_at is null and disabled is not true group by name`,
    );
    return new Map(rows.map((r) => [r.name, r.n]));
  }

  /** How many statements this process sent to the job store so far. */
  get storeQueries(): number {
    return this.queries;
  }

  /** Reaches the job store (readiness). */
  async ping(): Promise<void> {
    await this.pool.query('select 1');
  }

  async start(): Promise<void> {
    if (this.options.instanceName) {
      this.liveness = new WorkerLiveness({
        name: this.options.instanceName,
        pool: this.pool,
        table: JOBS_TABLE,
        sweepMs: this.options.processEveryMs,
        logger: this.options.logger,
      });
      await this.liveness.start();
    }
    await this.agenda.start();
    unrefLivenessSleeps(this.agenda);
    this.started = true;
  }

  /** Waits for running jobs (up to timeoutMs), then closes the job store. */
  async stop(timeoutMs: number): Promise<void> {
    if (this.started) await this.agenda.drain(timeoutMs).catch(() => undefined);
    await this.agenda.stop().catch(() => undefined);
    await this.liveness?.stop();
    await this.pool.end().catch(() => undefined);
  }
}
