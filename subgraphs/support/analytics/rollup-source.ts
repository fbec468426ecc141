import { ORG, sql, sqlOf, type SqlStatement } from '../../../platform/orm/tenant-sql.js';
import { REPORTING_EVENTS } from '../entities/reporting-event.entity.js';

const DAY_MS = 86_400_000;

export interface Range {
  start: Date;
  end: Date;
}

/** The whole UTC days inside a range (read from the rollups) and the partial edges (read from the events). */
export interface RangeSplit {
  /** First whole day and the day after the last one, `YYYY-MM-DD`; null when no whole day fits. */
  days: { from: string; until: string } | null;
  /** Instant ranges read from support.reporting_events. */
  edges: Range[];
}

export function splitRange(range: Range): RangeSplit {
  const first = Math.ceil(range.start.getTime() / DAY_MS) * DAY_MS;
  const last = Math.floor(range.end.getTime() / DAY_MS) * DAY_MS;
  if (first >= last) return { days: null, edges: [range] };
  const edges: Range[] = [];
  if (range.start.getTime() < first) edges.push({ start: range.start, end: new Date(first) });
  if (last < range.end.getTime()) edges.push({ start: new Date(last), end: range.end });
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { days: { from: day(first), until: day(last) }, edges };
}

const inbox = (inboxId?: string) => (inboxId ? sql` and inbox_id = ${inboxId}` : sql``);

/**
 * Events whose time falls in the edges of a split (false when there are none). Naming every event name lets the
 * (organization, name, time) index serve the time ranges (a scan of the organization's events otherwise).
 */
export function edgeFilter(split: RangeSplit): SqlStatement {
  if (split.edges.length === 0) return sql`false`;
  const [a, b] = split.edges;
  const names = sql`name in (${[...REPORTING_EVENTS]})`;
  return b
    ? sql`${names} and ((event_end_time >= ${a!.start} and event_end_time < ${a!.end}) or (event_end_time >= ${b.start} and event_end_time < ${b.end}))`
    : sql`${names} and event_end_time >= ${a!.start} and event_end_time < ${a!.end}`;
}

const TIMES: [string, string][] = [
  ['frt', 'first_response'],
  ['rep', 'reply_time'],
  ['rt', 'conversation_resolved'],
];
const COUNTS: [string, string][] = [
  ['conversations', 'conversation_created'],
  ['incoming', 'incoming_message'],
  ['outgoing', 'outgoing_message'],
  ['resolutions', 'conversation_resolved'],
];
export const ROLLUP_COLUMNS = [
  ...COUNTS.map(([c]) => c),
  ...TIMES.flatMap(([p]) => [`${p}_n`, `${p}_sum`, `${p}_bh_n`, `${p}_bh_sum`]),
];
const rawColumns = [
  ...COUNTS.map(([, name]) => `(name = '${name}')::int`),
  ...TIMES.flatMap(([, name]) => [
    `(name = '${name}' and value is not null)::int`,
    `case when name = '${name}' then value else 0 end`,
    `(name = '${name}' and value_in_business_hours is not null)::int`,
    `case when name = '${name}' then value_in_business_hours else 0 end`,
  ]),
];

/**
 * Rows in the shape of support.reporting_daily (user_id, then ROLLUP_COLUMNS): the rollup's whole days and one row per
 * event of the edges. Summing them gives exactly what a GROUP BY over all events of the range gives.
 */
export function dailySource(split: RangeSplit, inboxId?: string): SqlStatement {
  const fromRollup = split.days
    ? sql`select user_id, ${sqlOf(ROLLUP_COLUMNS.join(', '), [])} from support.reporting_daily
          where organization_id = ${ORG} and day >= ${split.days.from}::date and day < ${split.days.until}::date${inbox(inboxId)}`
    : null;
  const fromEvents = split.edges.length
    ? sql`select coalesce(user_id, '') as user_id, ${sqlOf(rawColumns.map((c, i) => `${c} as ${ROLLUP_COLUMNS[i]}`).join(', '), [])}
          from support.reporting_events where organization_id = ${ORG} and ${edgeFilter(split)}${inbox(inboxId)}`
    : null;
  if (fromRollup && fromEvents) return sql`${fromRollup} union all ${fromEvents}`;
  return fromRollup ?? fromEvents!;
}

/** Fine-bucket counts of one metric (rollup days plus edge events), as `bucket, n`. */
export function histogramSource(
  split: RangeSplit,
  name: string,
  business: boolean,
  edges: readonly number[],
  inboxId?: string,
): SqlStatement {
  const column = business ? sql`value_in_business_hours` : sql`value`;
  const fromRollup = split.days
    ? sql`select bucket, n from support.reporting_daily_histogram
          where organization_id = ${ORG} and name = ${name} and business_hours = ${business} and day >= ${split.days.from}::date and day < ${split.days.until}::date${inbox(inboxId)}`
    : null;
  const fromEvents = split.edges.length
    ? sql`select width_bucket(${column}, array[${edges}]::double precision[]) as bucket, 1 as n
          from support.reporting_events where organization_id = ${ORG} and name = ${name} and ${column} is not null and ${edgeFilter(split)}${inbox(inboxId)}`
    : null;
  if (fromRollup && fromEvents) return sql`${fromRollup} union all ${fromEvents}`;
  return fromRollup ?? fromEvents!;
}
