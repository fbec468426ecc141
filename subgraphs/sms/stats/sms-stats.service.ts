import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { checkRange, parseDateFilter } from '../../../platform/graphql/date-range.js';
import { SmsSettingsService } from '../settings/sms-settings.service.js';
import type { SmsDailyCountryStats } from './sms-stats.types.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

const DAY_MS = 86_400_000;
export const MAX_STATS_DAYS = 366;
const DEFAULT_STATS_DAYS = 30;

/** Dashboard aggregates; hand-written SQL that binds the organization from context (tenantOf), never from input. */
export class SmsStatsService {
  private readonly settings = new SmsSettingsService();

  /** One row per UTC day and country that has outbound messages, newest day first; 30 days by default, at most 366. */
  async daily(
    em: EntityManager,
    filter: { fromDate?: string | null; toDate?: string | null },
  ): Promise<SmsDailyCountryStats[]> {
    await this.settings.requireEnabled(em);
    const fromInput = parseDateFilter('fromDate', filter.fromDate);
    const toInput = parseDateFilter('toDate', filter.toDate);
    checkRange(fromInput, toInput, 'fromDate', 'toDate');
    // A date-only toDate means the whole of that UTC day.
    const end = toInput
      ? new Date(toInput.getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(filter.toDate!) ? DAY_MS : 1))
      : new Date(Date.now() + 1);
    const from = fromInput ?? new Date(end.getTime() - DEFAULT_STATS_DAYS * DAY_MS);
    if (end.getTime() - from.getTime() > (MAX_STATS_DAYS + 1) * DAY_MS) {
      throw new DomainError('INVALID_REQUEST', `The range covers at most ${MAX_STATS_DAYS} days`, {
        field: 'fromDate',
        received: filter.fromDate ?? null,
        expected: `at most ${MAX_STATS_DAYS} days before toDate`,
      });
    }
    return tenantSql(em).rows<SmsDailyCountryStats>(
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as date, country,
              count(*) filter (where status in ('SENT','DELIVERED','UNDELIVERED'))::int as sent,
              count(*) filter (where status = 'DELIVERED')::int as delivered,
              count(*) filter (where status in ('FAILED','UNDELIVERED'))::int as failed,
              count(*) filter (where status = 'BLOCKED')::int as blocked,
              coalesce(sum(segments) filter (where status <> 'BLOCKED'), 0)::int as segments
         from sms.messages
        where organization_id = ${ORG} and direction = 'OUTBOUND' and created_at >= ${from} and created_at < ${end}
        group by 1, 2
        order by 1 desc, 2`,
    );
  }
}
