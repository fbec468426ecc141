import type { EntityManager } from '@mikro-orm/postgresql';
import { fieldsOf, findForm } from '../forms/form-lookup.js';
import { endOfDayIfDate, parseDate, validationError } from '../shared/validation-error.js';
import type { FormAnalytics } from './form-analytics.types.js';
import { crossTenantSql, ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

export interface AnalyticsArgs {
  startDate?: string | null;
  endDate?: string | null;
  groupBy?: string | null;
  timezone?: string | null;
}

// Fixed units: the bound value is always one of these, never the caller's text.
const UNITS = { day: 'day', week: 'week', month: 'month' } as const;

/**
 * Views, starts and completions of one form, set-based: one statement buckets all three by day, week or month
 * in the requested time zone. The organization is bound from the EntityManager (tenantOf), never from input.
 */
export class FormAnalyticsService {
  async analytics(em: EntityManager, formId: string, args: AnalyticsArgs): Promise<FormAnalytics> {
    const groupBy = args.groupBy ?? 'day';
    if (!Object.hasOwn(UNITS, groupBy))
      throw validationError('groupBy', groupBy, Object.keys(UNITS), 'groupBy must be day, week or month');
    const from = parseDate('startDate', args.startDate) ?? null;
    const to = endOfDayIfDate(args.endDate, parseDate('endDate', args.endDate)) ?? null;
    if (from && to && from > to)
      throw validationError('startDate', args.startDate, `<= ${args.endDate}`, 'startDate must not be after endDate');
    const timezone = args.timezone ?? 'UTC';
    const form = await findForm(em, formId);
    const known = await crossTenantSql(em, 'forms: the time zone catalog belongs to no organization').rows<{
      ok: number;
    }>(sql`select 1 as ok from pg_timezone_names where name = ${timezone} limit 1`);
    if (known.length === 0)
      throw validationError('timezone', timezone, 'an IANA time zone such as Europe/Paris', 'Unknown time zone');

    const db = tenantSql(em);
    const unit = UNITS[groupBy as keyof typeof UNITS];
    // Each source yields (bucket, kind); the range applies to the time that kind happened.
    const rows = await db.rows<{ bucket: string | null; views: string; starts: string; completions: string }>(
      sql`with events as (
         select created_at as ts, 'view' as kind from forms.views where organization_id = ${ORG} and form_id = ${form.id}
         union all
         select created_at, 'start' from forms.submissions where organization_id = ${ORG} and form_id = ${form.id}
         union all
         select completed_at, 'completion' from forms.submissions where organization_id = ${ORG} and form_id = ${form.id} and status = 'complete'
       ), ranged as (
         select to_char(date_trunc(${unit}, ts at time zone ${timezone}), 'YYYY-MM-DD') as bucket, kind from events
         where (${from}::timestamptz is null or ts >= ${from}::timestamptz) and (${to}::timestamptz is null or ts <= ${to}::timestamptz)
       )
       select bucket,
              count(*) filter (where kind = 'view') as views,
              count(*) filter (where kind = 'start') as starts,
              count(*) filter (where kind = 'completion') as completions
       from ranged group by rollup (bucket) order by bucket nulls first`,
    );
    const total = rows.find((r) => r.bucket === null);
    const views = Number(total?.views ?? 0);
    const starts = Number(total?.starts ?? 0);
    const completions = Number(total?.completions ?? 0);

    const drop = await db.rows<{ last_field_id: number; count: string }>(
      sql`select last_field_id, count(*) as count from forms.submissions
       where organization_id = ${ORG} and form_id = ${form.id} and status = 'partial' and last_field_id is not null
         and (${from}::timestamptz is null or created_at >= ${from}::timestamptz) and (${to}::timestamptz is null or created_at <= ${to}::timestamptz)
       group by last_field_id`,
    );
    const fields = await fieldsOf(em, form.id);
    const counts = new Map(drop.map((d) => [d.last_field_id, Number(d.count)]));
    return {
      summary: { views, starts, completions, completionRate: views > 0 ? Math.min(1, completions / views) : 0 },
      daily: rows
        .filter((r) => r.bucket !== null)
        .map((r) => ({
          date: r.bucket!,
          views: Number(r.views),
          starts: Number(r.starts),
          completions: Number(r.completions),
        })),
      dropOff: fields.map((f) => ({ fieldId: f.id, ref: f.ref, label: f.label, count: counts.get(f.id) ?? 0 })),
    };
  }
}
