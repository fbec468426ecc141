import { Migration } from '@mikro-orm/migrations';
import { FINE_EDGES } from '../analytics/response-buckets.js';

/** Metric columns of the daily rollup: [column prefix, reporting event name]. */
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
const EDGES = `array[${FINE_EDGES.join(',')}]::double precision[]`;

/** Adds the signed rows of `source` (columns of reporting_events plus `sign`: +1 inserted, -1 deleted) to both rollups. */
function addToRollups(source: string): string[] {
  const metricColumns = [
    ...COUNTS.map(([c]) => c),
    ...TIMES.flatMap(([p]) => [`${p}_n`, `${p}_sum`, `${p}_bh_n`, `${p}_bh_sum`]),
  ];
  const metricValues = [
    ...COUNTS.map(([, name]) => `coalesce(sum(sign) filter (where name = '${name}'), 0)`),
    ...TIMES.flatMap(([, name]) => [
      `coalesce(sum(sign) filter (where name = '${name}' and value is not null), 0)`,
      `coalesce(sum(sign * value) filter (where name = '${name}'), 0)`,
      `coalesce(sum(sign) filter (where name = '${name}' and value_in_business_hours is not null), 0)`,
      `coalesce(sum(sign * value_in_business_hours) filter (where name = '${name}'), 0)`,
    ]),
  ];
  // Rows are upserted in key order so that concurrent statements lock them in the same order.
  const daily = `with src as (${source})
    insert into support.reporting_daily as d (organization_id, inbox_id, day, user_id, ${metricColumns.join(', ')})
    select organization_id, inbox_id, (event_end_time at time zone 'UTC')::date, coalesce(user_id, ''), ${metricValues.join(', ')}
    from src group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (organization_id, inbox_id, day, user_id) do update set ${metricColumns.map((c) => `${c} = d.${c} + excluded.${c}`).join(', ')}`;
  const histogram = `with src as (${source})
    insert into support.reporting_daily_histogram as h (organization_id, inbox_id, day, name, business_hours, bucket, n)
    select organization_id, inbox_id, day, name, business_hours, bucket, sum(sign) from (
      select organization_id, inbox_id, (event_end_time at time zone 'UTC')::date as day, name, false as business_hours, width_bucket(value, ${EDGES}) as bucket, sign
      from src where name in ('first_response', 'reply_time') and value is not null
      union all
      select organization_id, inbox_id, (event_end_time at time zone 'UTC')::date, name, true, width_bucket(value_in_business_hours, ${EDGES}), sign
      from src where name in ('first_response', 'reply_time') and value_in_business_hours is not null) x
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (organization_id, inbox_id, day, name, business_hours, bucket) do update set n = h.n + excluded.n`;
  return [daily, histogram];
}

function triggerFunction(name: string, source: string): string {
  return `create function support.${name}() returns trigger language plpgsql as $$
    begin
      ${addToRollups(source).join(';\n')};
      return null;
    end $$`;
}

const COLUMNS = 'organization_id, inbox_id, event_end_time, user_id, name, value, value_in_business_hours';

/**
 * Daily rollups of support.reporting_events per organization, inbox, UTC day and agent ('' = none), kept by statement
 * triggers in the transaction of whatever writes the events (no job, nothing to lose): analytics read whole days here
 * and only the partial days at the edges of a range from the events. Sums and counts are exact; the per-day histogram
 * of fine fixed buckets gives the displayed histogram exactly and tells percentiles which bucket to read.
 */
export class Migration20261125160000_support_rollup extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table support.reporting_daily (
      organization_id uuid not null,
      inbox_id text not null,
      day date not null,
      user_id text not null,
      ${COUNTS.map(([c]) => `${c} bigint not null default 0`).join(',\n      ')},
      ${TIMES.map(([p]) => `${p}_n bigint not null default 0, ${p}_sum double precision not null default 0, ${p}_bh_n bigint not null default 0, ${p}_bh_sum double precision not null default 0`).join(',\n      ')},
      primary key (organization_id, day, inbox_id, user_id))`);
    this.addSql(`create table support.reporting_daily_histogram (
      organization_id uuid not null,
      inbox_id text not null,
      day date not null,
      name text not null,
      business_hours boolean not null,
      bucket int not null,
      n bigint not null,
      primary key (organization_id, name, business_hours, day, inbox_id, bucket))`);
    this.addSql(triggerFunction('reporting_rollup_insert', `select ${COLUMNS}, 1 as sign from new_rows`));
    this.addSql(triggerFunction('reporting_rollup_delete', `select ${COLUMNS}, -1 as sign from old_rows`));
    this.addSql(
      triggerFunction(
        'reporting_rollup_update',
        `select ${COLUMNS}, -1 as sign from old_rows union all select ${COLUMNS}, 1 from new_rows`,
      ),
    );
    // One function per event: PostgreSQL takes transition tables only on single-event triggers.
    this
      .addSql(`create trigger reporting_rollup_insert after insert on support.reporting_events referencing new table as new_rows
      for each statement execute function support.reporting_rollup_insert()`);
    this
      .addSql(`create trigger reporting_rollup_delete after delete on support.reporting_events referencing old table as old_rows
      for each statement execute function support.reporting_rollup_delete()`);
    this
      .addSql(`create trigger reporting_rollup_update after update on support.reporting_events referencing old table as old_rows new table as new_rows
      for each statement execute function support.reporting_rollup_update()`);
    for (const statement of addToRollups(`select ${COLUMNS}, 1 as sign from support.reporting_events`))
      this.addSql(statement);
    // Percentiles read the events of one fine bucket in value order.
    this.addSql(
      'create index reporting_events_value_idx on support.reporting_events (organization_id, name, value) where value is not null',
    );
    this.addSql(
      'create index reporting_events_value_bh_idx on support.reporting_events (organization_id, name, value_in_business_hours) where value_in_business_hours is not null',
    );
  }
}
