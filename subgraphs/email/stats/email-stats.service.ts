import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { parseDateFilter, checkRange } from '../../../platform/graphql/date-range.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { resolvePage, offsetMeta, type PageArgs } from '../../../platform/pagination/offset-page.js';
import type { EmailStatus } from '../entities/email-status.js';
import type { EmailDailyStats, EmailDailyStatusCount, EmailStatsList } from './email-stats.types.js';

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
const DAY = `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`;

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
    const where = whereClause(em, dayRange(filter));
    const [{ total }] = await em.execute<{ total: number }[]>(`select count(distinct ${DAY})::int as total from email.messages where ${where.sql}`, where.params);
    const data = await em.execute<EmailDailyStats[]>(
      `select ${DAY} as date,
              count(*)::int as total,
              (count(*) filter (where status = 'QUEUED'))::int as queued,
              (count(*) filter (where status = 'SENT'))::int as sent,
              (count(*) filter (where status = 'DELIVERED'))::int as delivered,
              (count(*) filter (where status = 'BOUNCED'))::int as bounced,
              (count(*) filter (where status = 'FAILED'))::int as failed,
              (count(*) filter (where opened_at is not null))::int as opened,
              (count(*) filter (where clicked_at is not null))::int as clicked
         from email.messages
        where ${where.sql}
        group by 1
        order by 1 desc
        limit ? offset ?`,
      [...where.params, page.count, page.offset],
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
    const where = whereClause(em, { from, toExclusive: range.toExclusive });
    return em.execute<{ date: string; status: EmailStatus; count: number }[]>(
      `select ${DAY} as date, status, count(*)::int as count
         from email.messages
        where ${where.sql}
        group by 1, 2
        order by 1 desc, 2`,
      where.params,
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

/** Fixed SQL text with placeholders; the organization comes from the EntityManager, never from input. */
function whereClause(em: EntityManager, range: DayRange): { sql: string; params: unknown[] } {
  const clauses = ['organization_id = ?'];
  const params: unknown[] = [tenantOf(em)];
  if (range.from) {
    clauses.push('created_at >= ?');
    params.push(range.from);
  }
  if (range.toExclusive) {
    clauses.push('created_at < ?');
    params.push(range.toExclusive);
  }
  return { sql: clauses.join(' and '), params };
}
