import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { DomainError } from '../../../platform/errors/domain-error.js';
import type { EventType } from '../entities/event-type.entity.js';
import type { ScheduleRules } from '../availability/schedule-rules.js';
import { withinWorkingHours } from '../availability/working-ranges.js';
import { bookingsPerDay } from '../availability/busy-times.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

const MINUTE = 60_000;

/** The time rules a new (or moved) booking must meet, in the order a booker would fix them. Pure. */
export function checkTiming(eventType: EventType, rules: ScheduleRules, start: Date, end: Date, now: Date): void {
  const t = start.getTime();
  const at = { startTime: start.toISOString(), now: now.toISOString() };
  if (t < now.getTime()) throw new DomainError('PAST_BOOKING', 'The start time is in the past', at);
  const earliest = now.getTime() + eventType.minimumNotice * MINUTE;
  if (t < earliest)
    throw new DomainError('MINIMUM_NOTICE', `This event type needs ${eventType.minimumNotice} minutes of notice`, {
      ...at,
      minimumNotice: eventType.minimumNotice,
      earliest: new Date(earliest).toISOString(),
    });
  if (eventType.maximumAdvance !== null) {
    const latest = now.getTime() + eventType.maximumAdvance * MINUTE;
    if (t > latest)
      throw new DomainError(
        'MAXIMUM_ADVANCE',
        `This event type can be booked at most ${eventType.maximumAdvance} minutes ahead`,
        { ...at, maximumAdvance: eventType.maximumAdvance, latest: new Date(latest).toISOString() },
      );
  }
  if (!withinWorkingHours(rules, t, end.getTime())) {
    throw new DomainError('HOST_UNAVAILABLE', "The host is not available at that time (outside the schedule's hours)", {
      ...at,
      endTime: end.toISOString(),
      timezone: rules.timezone,
    });
  }
}

/**
 * The daily limit, counted on the schedule's local date of the start. Two bookings racing for the last place are
 * serialized by a transaction-scoped advisory lock on (event type, date), so the count cannot be overtaken.
 */
export async function checkDailyLimit(
  tx: EntityManager,
  eventType: EventType,
  zone: string,
  start: Date,
  excludeUid?: string,
): Promise<void> {
  if (eventType.dailyLimit === null) return;
  const day = DateTime.fromJSDate(start, { zone }).startOf('day');
  const date = day.toISODate()!;
  await tenantSql(tx).rows(
    sql`select pg_advisory_xact_lock(hashtext('calendar:daily:' || ${ORG} || ${`:${eventType.id}:${date}`}))`,
  );
  const counts = await bookingsPerDay(
    tx,
    eventType.id,
    zone,
    day.toMillis(),
    day.plus({ days: 1 }).toMillis(),
    excludeUid,
  );
  const used = counts.get(date) ?? 0;
  if (used >= eventType.dailyLimit)
    throw new DomainError(
      'DAILY_LIMIT',
      `This event type takes ${eventType.dailyLimit} bookings a day and ${date} is full`,
      { date, dailyLimit: eventType.dailyLimit },
    );
}

/** SQLSTATE 23P01: the exclusion constraint refused an overlap with another active booking of the host. */
export function isOverlap(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23P01';
}

export const slotTaken = (start: Date) =>
  new DomainError('SLOT_UNAVAILABLE', 'That time overlaps another booking of the host (buffers included)', {
    startTime: start.toISOString(),
  });
