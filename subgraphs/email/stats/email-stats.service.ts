import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { parseDateFilter, checkRange } from '../../../platform/graphql/date-range.js';
import { resolvePage, offsetMeta, type PageArgs } from '../../../platform/pagination/offset-page.js';
import type { EmailStatus } from '../entities/email-status.js';
import type { EmailDailyStats, EmailDailyStatusCount, EmailStatsList } from './email-stats.types.js';
import { joinSql, ORG, sql, tenantSql, type SqlStatement } from '../../../platform/orm/tenant-sql.js';

export interface StatsFilter {
  fromDate?: string | null;
  toDate?: string | null;
}

const DAY_MS = 86_400_000;
/** Longest range the (unpaginated) status counts cover. */
export const MAX_STATUS_COUNT_DAYS = 366;
/** Range of the status counts when fromDate is not given: this many days up to toDate (or now). */
const DEFAULT_STATUS_COUNT_DAYS = 30;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY = sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`;

/** Created-at bounds: from inclusive, to exclusive. */
interface DayRange {
  from?: Date;
  toExclusive?: Date;
}

/**
 * Daily aggregates over email.messages. The tenant filter cannot reach hand-written SQL, so every query
 * binds the organization from the EntityManager (tenantOf); input only ever reaches the SQL as parameters.
 */
export class EmailStatsService {
  async daily(em: EntityManager, filter: StatsFilter & PageArgs): Promise<EmailStatsList> {
    const page = resolvePage(filter);
    const where = whereClause(dayRange(filter));
    const db = tenantSql(em);
    const [{ total }] = (await db.rows<{ total: number }>(
      sql`select count(distinct ${DAY})::int as total from email.messages where ${where}`,
    )) as [{ total: number }];
    const data = await db.rows<EmailDailyStats>(
      sql`select ${DAY} as date,
              count(*)::int as total,
              (count(*) filter (where status = 'QUEUED'))::int as queued,
              (count(*) filter (where status = 'SENT'))::int as sent,
              (count(*) filter (where status = 'DELIVERED'))::int as delivered,
              (count(*) filter (where status = 'BOUNCED'))::int as bounced,
              (count(*) filter (where status = 'FAILED'))::int as failed,
              (count(*) filter (where opened_at is not null))::int as opened,
              (count(*) filter (where clicked_at is not null))::int as clicked
         from email.messages
        where ${where}
        group by 1
        order by 1 desc
        limit ${page.count} offset ${page.offset}`,
    );
    return { data, meta: offsetMeta(page, data.length, total) };
  }

  /** One row per day and status that has messages, newest day first; at most 366 days, 30 by default. */
  async statusCounts(em: EntityManager, filter: StatsFilter): Promise<EmailDailyStatusCount[]> {
    const range = dayRange(filter);
    const end = range.toExclusive ?? new Date();
    const from = range.from ?? new Date(end.getTime() - DEFAULT_STATUS_COUNT_DAYS * DAY_MS);
    if (end.getTime() - from.getTime() > MAX_STATUS_COUNT_DAYS * DAY_MS) {
      const field = filter.toDate ? 'toDate' : 'fromDate';
      throw new DomainError('INVALID_REQUEST', `The range covers at most ${MAX_STATUS_COUNT_DAYS} days`, {
        field,
        received: filter[field],
        expected: `fromDate and toDate at most ${MAX_STATUS_COUNT_DAYS} days apart`,
      });
    }
    const where = whereClause({ from, toExclusive: range.toExclusive });
    return tenantSql(em).rows<{ date: string; status: EmailStatus; count: number }>(
      sql`select ${DAY} as date, status, count(*)::int as count
         from email.messages
        where ${where}
        group by 1, 2
        order by 1 desc, 2`,
    );
  }
}

/** A date without a time (YYYY-MM-DD) as toDate means the whole of that UTC day; a date-time is inclusive. */
function dayRange(filter: StatsFilter): DayRange {
  const from = parseDateFilter('fromDate', filter.fromDate);
  const to = parseDateFilter('toDate', filter.toDate);
  checkRange(from, to, 'fromDate', 'toDate');
  const toExclusive = to && new Date(to.getTime() + (DATE_ONLY.test(filter.toDate!) ? DAY_MS : 1));
  return { from, toExclusive };
}

/** Fixed SQL text with placeholders; the organization is bound by tenantSql, never taken from input. */
function whereClause(range: DayRange): SqlStatement {
  const clauses = [sql`organization_id = ${ORG}`];
  if (range.from) clauses.push(sql`created_at >= ${range.from}`);
  if (range.toExclusive) clauses.push(sql`created_at < ${range.toExclusive}`);
  return joinSql(clauses, ' and ');
}
