import type { EntityManager } from '@mikro-orm/postgresql';
import { ORG, sql, tenantSql, type SqlStatement } from '../../../platform/orm/tenant-sql.js';
import { validation } from '../shared/support-page.js';
import type { SupportDeps } from '../shared/support-deps.js';
import type { AgentReport, AnalyticsArgs, AnalyticsOverview, ConversationsReport, HistogramBucket, MetricTimes, ResponseTimeArgs, ResponseTimeReport, TeamReport } from './analytics.types.js';

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 400;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Histogram buckets of response times (seconds). */
const BUCKETS: [string, number, number | null][] = [
  ['< 1 min', 0, 60], ['1-5 min', 60, 300], ['5-15 min', 300, 900], ['15-30 min', 900, 1800], ['30-60 min', 1800, 3600],
  ['1-4 h', 3600, 14_400], ['4-24 h', 14_400, 86_400], ['> 24 h', 86_400, null],
];

interface Range {
  start: Date;
  end: Date;
}

const num = (v: unknown) => Number(v ?? 0);
const avg = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * Reports with Chatwoot's definitions, each a GROUP BY over support.reporting_events (one row per metric event),
 * filtered on when the event happened (`event_end_time`), optionally per inbox.
 */
export class AnalyticsService {
  constructor(private readonly deps: SupportDeps) {}

  range(args: AnalyticsArgs): Range {
    const parse = (field: string, value: string, endOfDay: boolean) => {
      const date = DATE_ONLY.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(value);
      if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) throw validation(field, value, 'an ISO 8601 date or date-time', `${field} must be ISO 8601`);
      return endOfDay && DATE_ONLY.test(value) ? new Date(date.getTime() + DAY_MS) : date;
    };
    const end = args.endDate ? parse('endDate', args.endDate, true) : this.deps.clock.now();
    const start = args.startDate ? parse('startDate', args.startDate, false) : new Date(end.getTime() - 30 * DAY_MS);
    if (start > end) throw validation('startDate', args.startDate, `on or before endDate`, 'startDate must not be after endDate');
    if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS) throw validation('endDate', args.endDate ?? null, `at most ${MAX_RANGE_DAYS} days after startDate`, 'The range is too long');
    return { start, end };
  }

  private where(range: Range, inboxId?: string): SqlStatement {
    return sql`organization_id = ${ORG} and event_end_time >= ${range.start} and event_end_time < ${range.end}${inboxId ? sql` and inbox_id = ${inboxId}` : sql``}`;
  }

  async overview(em: EntityManager, args: AnalyticsArgs): Promise<AnalyticsOverview> {
    const range = this.range(args);
    const row = (await tenantSql(em).one<Record<string, unknown>>(sql`
      select count(*) filter (where name = 'conversation_created') as conversations,
             count(*) filter (where name = 'incoming_message') as incoming,
             count(*) filter (where name = 'outgoing_message') as outgoing,
             count(*) filter (where name = 'conversation_resolved') as resolutions,
             avg(value) filter (where name = 'first_response') as frt, avg(value_in_business_hours) filter (where name = 'first_response') as frt_bh,
             avg(value) filter (where name = 'conversation_resolved') as rt, avg(value_in_business_hours) filter (where name = 'conversation_resolved') as rt_bh,
             avg(value) filter (where name = 'reply_time') as rep, avg(value_in_business_hours) filter (where name = 'reply_time') as rep_bh
      from support.reporting_events where ${this.where(range, args.inboxId)}`))!;
    return {
      startDate: range.start, endDate: range.end, conversations: num(row.conversations), incomingMessages: num(row.incoming), outgoingMessages: num(row.outgoing),
      resolutions: num(row.resolutions), ...times(row, ''), businessHours: times(row, '_bh'),
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
    for (let t = Date.UTC(range.start.getUTCFullYear(), range.start.getUTCMonth(), range.start.getUTCDate()); t < range.end.getTime(); t += DAY_MS) {
      const date = new Date(t).toISOString().slice(0, 10);
      const of = (status: string) => num(rows.find((r) => r.day === date && r.status === status)?.n);
      const total = rows.filter((r) => r.day === date).reduce((a, r) => a + num(r.n), 0);
      days.push({ date, total, open: of('open'), pending: of('pending'), snoozed: of('snoozed'), resolved: of('resolved'), closed: of('closed') });
    }
    return { startDate: range.start, endDate: range.end, days };
  }

  async team(em: EntityManager, args: AnalyticsArgs): Promise<TeamReport> {
    const range = this.range(args);
    const rows = await tenantSql(em).rows<Record<string, unknown>>(sql`
      select user_id,
             count(*) filter (where name = 'first_response') as first_responses, count(*) filter (where name = 'reply_time') as replies,
             count(*) filter (where name = 'outgoing_message') as outgoing, count(*) filter (where name = 'conversation_resolved') as resolutions,
             avg(value) filter (where name = 'first_response') as frt, avg(value_in_business_hours) filter (where name = 'first_response') as frt_bh,
             avg(value) filter (where name = 'conversation_resolved') as rt, avg(value_in_business_hours) filter (where name = 'conversation_resolved') as rt_bh,
             avg(value) filter (where name = 'reply_time') as rep, avg(value_in_business_hours) filter (where name = 'reply_time') as rep_bh
      from support.reporting_events where user_id is not null and ${this.where(range, args.inboxId)}
      group by user_id order by user_id`);
    const agents: AgentReport[] = rows.map((r) => ({
      userId: String(r.user_id), firstResponses: num(r.first_responses), replies: num(r.replies), outgoingMessages: num(r.outgoing), resolutions: num(r.resolutions),
      ...times(r, ''), businessHours: times(r, '_bh'),
    }));
    return { startDate: range.start, endDate: range.end, agents };
  }

  async responseTime(em: EntityManager, args: ResponseTimeArgs): Promise<ResponseTimeReport> {
    const range = this.range(args);
    const metric = args.metric ?? 'first_response';
    const business = args.businessHours === true;
    const column = business ? sql`value_in_business_hours` : sql`value`;
    const db = tenantSql(em);
    const stats = (await db.one<Record<string, unknown>>(sql`
      select count(*) as n, avg(${column}) as average,
             percentile_cont(0.5) within group (order by ${column}) as p50, percentile_cont(0.9) within group (order by ${column}) as p90
      from support.reporting_events where name = ${metric} and ${this.where(range, args.inboxId)}`))!;
    const buckets = await db.rows<{ bucket: number; n: string }>(sql`
      select width_bucket(${column}, array[${BUCKETS.slice(1).map(([, from]) => from)}]::double precision[]) as bucket, count(*) as n
      from support.reporting_events where name = ${metric} and ${this.where(range, args.inboxId)} group by 1`);
    const histogram: HistogramBucket[] = BUCKETS.map(([label, fromSeconds, toSeconds], i) => ({ label, fromSeconds, toSeconds, count: num(buckets.find((b) => Number(b.bucket) === i)?.n) }));
    return { startDate: range.start, endDate: range.end, metric, businessHours: business, count: num(stats.n), average: avg(stats.average), p50: avg(stats.p50), p90: avg(stats.p90), histogram };
  }
}

function times(row: Record<string, unknown>, suffix: string): MetricTimes {
  return { avgFirstResponseTime: avg(row[`frt${suffix}`]), avgResolutionTime: avg(row[`rt${suffix}`]), avgReplyTime: avg(row[`rep${suffix}`]) };
}
