import type { EntityManager } from '@mikro-orm/postgresql';
import type { BusyBooking } from './slots.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

const DAY_MS = 86_400_000;

/** Active bookings of a host near [from, to) (margins cover any buffers); the GiST index of the exclusion constraint serves it. */
export async function busyTimes(em: EntityManager, hostId: string, from: number, to: number): Promise<BusyBooking[]> {
  const rows = await tenantSql(em).rows<{
    start_time: Date;
    end_time: Date;
    buffer_before: number;
    buffer_after: number;
  }>(
    sql`select start_time, end_time, buffer_before, buffer_after from calendar.bookings
      where organization_id = ${ORG} and host_id = ${hostId} and status in ('PENDING', 'CONFIRMED')
        and tstzrange(blocked_start, blocked_end, '[)') && tstzrange(${new Date(from - 3 * DAY_MS)}, ${new Date(to + 3 * DAY_MS)}, '[)')`,
  );
  return rows.map((r) => ({
    start: new Date(r.start_time).getTime(),
    end: new Date(r.end_time).getTime(),
    bufferBefore: r.buffer_before,
    bufferAfter: r.buffer_after,
  }));
}

/** Active bookings of an event type per local date of `zone`, between two instants. */
export async function bookingsPerDay(
  em: EntityManager,
  eventTypeId: string,
  zone: string,
  from: number,
  to: number,
  excludeUid?: string,
): Promise<Map<string, number>> {
  const rows = await tenantSql(em).rows<{ day: string; n: string }>(
    sql`select to_char(start_time at time zone ${zone}, 'YYYY-MM-DD') as day, count(*) as n from calendar.bookings
      where organization_id = ${ORG} and event_type_id = ${eventTypeId} and status in ('PENDING', 'CONFIRMED') and start_time >= ${new Date(from - DAY_MS)} and start_time < ${new Date(to + DAY_MS)} and uid <> ${excludeUid ?? ''}
      group by 1`,
  );
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}
