import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { invalid } from '../../../platform/errors/domain-error.js';
import { WEEKDAYS } from '../availability/schedule-rules.js';
import type { CalendarDeps } from '../calendar-deps.js';
import { assertTimezone, isDate } from '../shared/input-checks.js';
import type { BookingsPerDayView, BusySlotView, CancellationRateView } from './calendar-stats.types.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

export interface StatsRange {
  fromDate?: string | null;
  toDate?: string | null;
  timezone?: string | null;
}

/** Dashboard aggregates over bookings by their start, in one zone (UTC by default); hand-written SQL bound to the tenant. */
export class CalendarStatsService {
  constructor(private readonly deps: CalendarDeps) {}

  async perDay(em: EntityManager, args: StatsRange): Promise<BookingsPerDayView[]> {
    const r = this.range(args);
    const rows = await tenantSql(em).rows<{
      date: string;
      total: string;
      confirmed: string;
      pending: string;
      cancelled: string;
      rejected: string;
    }>(
      sql`select to_char(start_time at time zone ${r.zone}, 'YYYY-MM-DD') as date, count(*) as total,
              count(*) filter (where status = 'CONFIRMED') as confirmed, count(*) filter (where status = 'PENDING') as pending,
              count(*) filter (where status = 'CANCELLED') as cancelled, count(*) filter (where status = 'REJECTED') as rejected
         from calendar.bookings where organization_id = ${ORG} and start_time >= ${r.from} and start_time < ${r.to} group by 1 order by 1`,
    );
    return rows.map((row) => ({
      date: row.date,
      total: +row.total,
      confirmed: +row.confirmed,
      pending: +row.pending,
      cancelled: +row.cancelled,
      rejected: +row.rejected,
    }));
  }

  async cancellationRate(em: EntityManager, args: StatsRange): Promise<CancellationRateView> {
    const r = this.range(args);
    const [row] = await tenantSql(em).rows<{ total: string; cancelled: string; rejected: string }>(
      sql`select count(*) as total, count(*) filter (where status = 'CANCELLED') as cancelled, count(*) filter (where status = 'REJECTED') as rejected
         from calendar.bookings where organization_id = ${ORG} and start_time >= ${r.from} and start_time < ${r.to}`,
    );
    const total = +row!.total;
    const cancelled = +row!.cancelled;
    return { total, cancelled, rejected: +row!.rejected, cancellationRate: total === 0 ? 0 : cancelled / total };
  }

  async busiestSlots(em: EntityManager, args: StatsRange & { limit?: number | null }): Promise<BusySlotView[]> {
    const r = this.range(args);
    const limit = args.limit ?? 10;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid('limit', limit, '1..100');
    const rows = await tenantSql(em).rows<{ dow: number; time: string; count: string }>(
      sql`select extract(isodow from start_time at time zone ${r.zone})::int as dow, to_char(start_time at time zone ${r.zone}, 'HH24:MI') as time, count(*) as count
         from calendar.bookings where organization_id = ${ORG} and status in ('PENDING', 'CONFIRMED') and start_time >= ${r.from} and start_time < ${r.to}
        group by 1, 2 order by 3 desc, 1, 2 limit ${limit}`,
    );
    return rows.map((row) => ({ day: WEEKDAYS[row.dow - 1]!, time: row.time, count: +row.count }));
  }

  /** Default: 30 days either side of today; at most 366 days. */
  private range(args: StatsRange) {
    const zone = args.timezone ?? 'UTC';
    assertTimezone(zone);
    const today = DateTime.fromJSDate(this.deps.clock.now(), { zone }).startOf('day');
    const fromDate = args.fromDate ?? today.minus({ days: 30 }).toISODate()!;
    const toDate = args.toDate ?? today.plus({ days: 30 }).toISODate()!;
    if (!isDate(fromDate)) throw invalid('fromDate', fromDate, 'a date YYYY-MM-DD');
    if (!isDate(toDate)) throw invalid('toDate', toDate, 'a date YYYY-MM-DD');
    const from = DateTime.fromISO(fromDate, { zone });
    const to = DateTime.fromISO(toDate, { zone }).plus({ days: 1 });
    if (to <= from) throw invalid('toDate', toDate, `on or after ${fromDate}`);
    if (to.diff(from, 'days').days > 367) throw invalid('toDate', toDate, 'at most 366 days after fromDate');
    return { zone, from: from.toJSDate(), to: to.toJSDate() };
  }
}
