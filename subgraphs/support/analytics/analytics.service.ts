import type { EntityManager } from '@mikro-orm/postgresql';
import { ORG, sql, sqlOf, tenantSql, type TenantSql } from '../../../platform/orm/tenant-sql.js';
import { withinFilterYears } from '../../../platform/graphql/date-range.js';
import { validation } from '../shared/support-page.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { DISPLAY_BUCKETS, FINE_EDGES, displayIndexOf, fineBounds } from './response-buckets.js';
import { ROLLUP_COLUMNS, dailySource, histogramSource, splitRange, type Range } from './rollup-source.js';
import type {
  AgentReport,
  AnalyticsArgs,
  AnalyticsOverview,
  ConversationsReport,
  HistogramBucket,
  MetricTimes,
  ResponseTimeArgs,
  ResponseTimeReport,
  TeamReport,
} from './analytics.types.js';

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 400;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const num = (v: unknown) => Number(v ?? 0);

/**
 * Reports with Chatwoot's definitions over support.reporting_events (one row per metric event): whole UTC days from the
 * daily rollups the events' triggers keep, the partial days at the edges from the events themselves; filtered on when
 * the event happened (`event_end_time`), optionally per inbox. The conversations report reads conversations' current status.
 */
export class AnalyticsService {
  constructor(private readonly deps: SupportDeps) {}

  range(args: AnalyticsArgs): Range {
    const parse = (field: string, value: string, endOfDay: boolean) => {
      const date = DATE_ONLY.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(value);
      if (!/^\d{4}-\d{2}-\d{2}/.test(value) || !withinFilterYears(date))
        throw validation(
          field,
          value,
          'an ISO 8601 date or date-time between 1970 and 2999',
          `${field} must be ISO 8601`,
        );
      return endOfDay && DATE_ONLY.test(value) ? new Date(date.getTime() + DAY_MS) : date;
    };
    const end = args.endDate ? parse('endDate', args.endDate, true) : this.deps.clock.now();
    const start = args.startDate ? parse('startDate', args.startDate, false) : new Date(end.getTime() - 30 * DAY_MS);
    if (start > end)
      throw validation('startDate', args.startDate, `on or before endDate`, 'startDate must not be after endDate');
    if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS)
      throw validation(
        'endDate',
        args.endDate ?? null,
        `at most ${MAX_RANGE_DAYS} days after startDate`,
        'The range is too long',
      );
    return { start, end };
  }

  /** Sums of the rollup columns over the range (rollup days plus edge events), per agent when `perAgent`. */
  private async sums(
    em: EntityManager,
    range: Range,
    inboxId: string | undefined,
    perAgent: boolean,
  ): Promise<Record<string, unknown>[]> {
    const totals = sqlOf(ROLLUP_COLUMNS.map((c) => `sum(${c}) as ${c}`).join(', '), []);
    const source = dailySource(splitRange(range), inboxId);
    return perAgent
      ? tenantSql(em).rows(
          sql`select user_id, ${totals} from (${source}) s where user_id <> '' group by user_id order by user_id`,
        )
      : tenantSql(em).rows(sql`select ${totals} from (${source}) s`);
  }

  async overview(em: EntityManager, args: AnalyticsArgs): Promise<AnalyticsOverview> {
    const range = this.range(args);
    const [row = {}] = await this.sums(em, range, args.inboxId, false);
    return {
      startDate: range.start,
      endDate: range.end,
      conversations: num(row.conversations),
      incomingMessages: num(row.incoming),
      outgoingMessages: num(row.outgoing),
      resolutions: num(row.resolutions),
      ...times(row, ''),
      businessHours: times(row, '_bh'),
    };
  }

  async conversations(em: EntityManager, args: AnalyticsArgs): Promise<ConversationsReport> {
    const range = this.range(args);
    const rows = await tenantSql(em).rows<{ day: string; status: string; n: string }>(sql`
      select to_char(r.event_end_time at time zone 'UTC', 'YYYY-MM-DD') as day, c.status, count(*) as n
      from support.reporting_events r join support.conversations c on c.id = r.conversation_id and c.organization_id = ${ORG}
      where r.organization_id = ${ORG} and r.name = 'conversation_created' and r.event_end_time >= ${range.start} and r.event_end_time < ${range.end}
        ${args.inboxId ? sql`and r.inbox_id = ${args.inboxId}` : sql``}
      group by 1, 2`);
    const days = [];
    for (
      let t = Date.UTC(range.start.getUTCFullYear(), range.start.getUTCMonth(), range.start.getUTCDate());
      t < range.end.getTime();
      t += DAY_MS
    ) {
      const date = new Date(t).toISOString().slice(0, 10);
      const of = (status: string) => num(rows.find((r) => r.day === date && r.status === status)?.n);
      const total = rows.filter((r) => r.day === date).reduce((a, r) => a + num(r.n), 0);
      days.push({
        date,
        total,
        open: of('open'),
        pending: of('pending'),
        snoozed: of('snoozed'),
        resolved: of('resolved'),
        closed: of('closed'),
      });
    }
    return { startDate: range.start, endDate: range.end, days };
  }

  async team(em: EntityManager, args: AnalyticsArgs): Promise<TeamReport> {
    const range = this.range(args);
    const rows = await this.sums(em, range, args.inboxId, true);
    const agents: AgentReport[] = rows.map((r) => ({
      userId: String(r.user_id),
      firstResponses: num(r.frt_n),
      replies: num(r.rep_n),
      outgoingMessages: num(r.outgoing),
      resolutions: num(r.resolutions),
      ...times(r, ''),
      businessHours: times(r, '_bh'),
    }));
    return { startDate: range.start, endDate: range.end, agents };
  }

  /**
   * Count, average, exact p50/p90 (linear interpolation, as percentile_cont) and the histogram. The fine-bucket counts
   * come from the rollup; each rank a percentile needs is then read from the events of the one bucket that holds it.
   */
  async responseTime(em: EntityManager, args: ResponseTimeArgs): Promise<ResponseTimeReport> {
    const range = this.range(args);
    const metric = args.metric ?? 'first_response';
    const business = args.businessHours === true;
    const db = tenantSql(em);
    const split = splitRange(range);
    const fine = await db.rows<{ bucket: number; n: string }>(sql`
      select bucket, sum(n) as n from (${histogramSource(split, metric, business, FINE_EDGES, args.inboxId)}) h group by bucket having sum(n) > 0 order by bucket`);
    const buckets = fine.map((b) => ({ bucket: Number(b.bucket), n: num(b.n) }));
    const [sums = {}] = await this.sums(em, range, args.inboxId, false);
    const prefix = `${metric === 'reply_time' ? 'rep' : 'frt'}${business ? '_bh' : ''}`;
    const count = buckets.reduce((a, b) => a + b.n, 0);
    const at = (rank: number) => this.valueAtRank(db, range, metric, business, buckets, rank, args.inboxId);
    const percentile = async (p: number) => {
      if (count === 0) return null;
      const h = p * (count - 1);
      const lo = await at(Math.floor(h));
      return h === Math.floor(h) ? lo : lo + (h - Math.floor(h)) * ((await at(Math.floor(h) + 1)) - lo);
    };
    const histogram: HistogramBucket[] = DISPLAY_BUCKETS.map(([label, fromSeconds, toSeconds], i) => ({
      label,
      fromSeconds,
      toSeconds,
      count: buckets.filter((b) => displayIndexOf(b.bucket) === i).reduce((a, b) => a + b.n, 0),
    }));
    const average = num(sums[`${prefix}_n`]) > 0 ? num(sums[`${prefix}_sum`]) / num(sums[`${prefix}_n`]) : null;
    return {
      startDate: range.start,
      endDate: range.end,
      metric,
      businessHours: business,
      count,
      average,
      p50: await percentile(0.5),
      p90: await percentile(0.9),
      histogram,
    };
  }

  /** The value at a 0-based rank of the range's sorted values: the rank's fine bucket, then its events in value order. */
  private async valueAtRank(
    db: TenantSql,
    range: Range,
    metric: string,
    business: boolean,
    buckets: { bucket: number; n: number }[],
    rank: number,
    inboxId?: string,
  ): Promise<number> {
    let below = 0;
    const holder = buckets.find((b) => (below += b.n) > rank)!;
    below -= holder.n;
    const { from, to } = fineBounds(holder.bucket);
    const column = business ? sql`value_in_business_hours` : sql`value`;
    const row = await db.one<{ v: number }>(sql`
      select ${column} as v from support.reporting_events
      where organization_id = ${ORG} and name = ${metric} and ${column} is not null
        ${from === null ? sql`` : sql`and ${column} >= ${from}`} ${to === null ? sql`` : sql`and ${column} < ${to}`}
        and event_end_time >= ${range.start} and event_end_time < ${range.end}${inboxId ? sql` and inbox_id = ${inboxId}` : sql``}
      order by ${column} offset ${rank - below} limit 1`);
    return Number(row!.v);
  }
}

function times(row: Record<string, unknown>, suffix: string): MetricTimes {
  const mean = (prefix: string) =>
    num(row[`${prefix}${suffix}_n`]) > 0 ? num(row[`${prefix}${suffix}_sum`]) / num(row[`${prefix}${suffix}_n`]) : null;
  return { avgFirstResponseTime: mean('frt'), avgResolutionTime: mean('rt'), avgReplyTime: mean('rep') };
}
