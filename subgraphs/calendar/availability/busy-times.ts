import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import type { BusyBooking } from './slots.js';

const DAY_MS = 86_400_000;

/** Active bookings of a host near [from, to) (margins cover any buffers); the GiST index of the exclusion constraint serves it. */
export async function busyTimes(em: EntityManager, hostId: string, from: number, to: number): Promise<BusyBooking[]> {
  const rows = await em.execute<{ start_time: Date; end_time: Date; buffer_before: number; buffer_after: number }[]>(
    `select start_time, end_time, buffer_before, buffer_after from calendar.bookings
      where organization_id = ? and host_id = ? and status in ('PENDING', 'CONFIRMED')
        and tstzrange(blocked_start, blocked_end, '[)') && tstzrange(?, ?, '[)')`,
    [tenantOf(em), hostId, new Date(from - 3 * DAY_MS), new Date(to + 3 * DAY_MS)],
  );
  return rows.map((r) => ({ start: new Date(r.start_time).getTime(), end: new Date(r.end_time).getTime(), bufferBefore: r.buffer_before, bufferAfter: r.buffer_after }));
}

/** Active bookings of an event type per local date of `zone`, between two instants. */
export async function bookingsPerDay(em: EntityManager, eventTypeId: string, zone: string, from: number, to: number, excludeUid?: string): Promise<Map<string, number>> {
  const rows = await em.execute<{ day: string; n: string }[]>(
    `select to_char(start_time at time zone ?, 'YYYY-MM-DD') as day, count(*) as n from calendar.bookings
      where organization_id = ? and event_type_id = ? and status in ('PENDING', 'CONFIRMED') and start_time >= ? and start_time < ? and uid <> ?
      group by 1`,
    [zone, tenantOf(em), eventTypeId, new Date(from - DAY_MS), new Date(to + DAY_MS), excludeUid ?? ''],
  );
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}
