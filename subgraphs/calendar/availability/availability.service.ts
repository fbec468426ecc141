import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import type { CalendarDeps } from '../calendar-deps.js';
import type { EventType } from '../entities/event-type.entity.js';
import { EventTypeService } from '../event-types/event-type.service.js';
import { ScheduleService } from '../schedules/schedule.service.js';
import { assertTimezone, isDate } from '../shared/input-checks.js';
import type { ScheduleRules } from './schedule-rules.js';
import { bookingsPerDay, busyTimes } from './busy-times.js';
import { computeSlots, groupByDay } from './slots.js';
import type { CalendarAvailabilityView } from './availability.types.js';

export interface AvailabilityArgs {
  eventTypeId?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  timezone?: string | null;
  hostId?: string | null;
  duration?: number | null;
}

/** At most this many days per request: a month and a bit, enough for a two-month picker in two calls. */
export const MAX_DAYS = 62;

/** GET /calendar/availability: the free slots of an event type, in the viewer's zone. */
export class AvailabilityService {
  private readonly eventTypes = new EventTypeService();
  private readonly schedules = new ScheduleService();

  constructor(private readonly deps: CalendarDeps) {}

  async availability(em: EntityManager, args: AvailabilityArgs): Promise<CalendarAvailabilityView> {
    if (!args.eventTypeId)
      throw invalid('eventTypeId', args.eventTypeId ?? null, 'an event type id', 'eventTypeId is required');
    const eventType = await this.bookable(em, args.eventTypeId);
    if (args.hostId && args.hostId !== eventType.hostId)
      throw invalid('hostId', args.hostId, eventType.hostId, 'This event type has another host');
    const duration = durationOf(eventType, args.duration);
    const now = this.deps.clock.now().getTime();
    if (args.timezone != null) assertTimezone(args.timezone);
    // With the viewer's zone given, the window is known now: busy times load while the schedule does.
    const early = args.timezone != null ? window(args, args.timezone, now) : null;
    const busyEarly = early ? busyTimes(em, eventType.hostId, early.from, early.to) : null;
    busyEarly?.catch(() => undefined); // awaited below; a failed schedule lookup must not leave it unhandled
    const rules = await this.rulesOf(em, eventType);
    const zone = args.timezone ?? rules.timezone;
    const { startDate, endDate, from, to } = early ?? window(args, zone, now);
    const [busy, perDay] = await Promise.all([
      busyEarly ?? busyTimes(em, eventType.hostId, from, to),
      eventType.dailyLimit === null
        ? Promise.resolve(new Map<string, number>())
        : bookingsPerDay(em, eventType.id, rules.timezone, from, to),
    ]);
    const slots = computeSlots({
      rules,
      from,
      to,
      duration,
      interval: eventType.slotInterval ?? duration,
      bufferBefore: eventType.bufferBefore,
      bufferAfter: eventType.bufferAfter,
      busy,
      now,
      minimumNotice: eventType.minimumNotice,
      maximumAdvance: eventType.maximumAdvance,
      dailyLimit: eventType.dailyLimit,
      bookingsPerDay: perDay,
    });
    return {
      eventTypeId: eventType.id,
      hostId: eventType.hostId,
      timezone: zone,
      duration,
      days: groupByDay(slots, zone, startDate, endDate),
    };
  }

  /** The event type, if it exists and takes bookings. */
  async bookable(em: EntityManager, id: string): Promise<EventType> {
    const eventType = await this.eventTypes.find(em, id);
    if (!eventType.active)
      throw new DomainError('EVENT_TYPE_INACTIVE', 'This event type is disabled', { eventTypeId: id });
    return eventType;
  }

  /** The event type's schedule, or its host's default; none is HOST_UNAVAILABLE. */
  async rulesOf(em: EntityManager, eventType: EventType): Promise<ScheduleRules> {
    const rules = await this.schedules.rulesFor(em, eventType.scheduleId, eventType.hostId);
    if (!rules)
      throw new DomainError('HOST_UNAVAILABLE', 'The host has no schedule to book against', {
        hostId: eventType.hostId,
      });
    return rules;
  }
}

/** The viewer's dates (default: today and the next six days) and the instants they span. */
function window(args: AvailabilityArgs, zone: string, now: number) {
  const startDate = args.startDate ?? DateTime.fromMillis(now, { zone }).toISODate()!;
  if (!isDate(startDate)) throw invalid('startDate', startDate, 'a date YYYY-MM-DD');
  const endDate = args.endDate ?? DateTime.fromISO(startDate, { zone }).plus({ days: 6 }).toISODate()!;
  if (!isDate(endDate)) throw invalid('endDate', endDate, 'a date YYYY-MM-DD');
  if (endDate < startDate) throw invalid('endDate', endDate, `a date on or after ${startDate}`);
  const from = DateTime.fromISO(startDate, { zone }).startOf('day').toMillis();
  const to = DateTime.fromISO(endDate, { zone }).plus({ days: 1 }).startOf('day').toMillis();
  if (to - from > MAX_DAYS * 86_400_000 + 3_600_000)
    throw invalid('endDate', endDate, `at most ${MAX_DAYS} days after startDate`);
  return { startDate, endDate, from, to };
}

/** The asked length, which must be one the event type offers; default its duration. */
export function durationOf(eventType: EventType, asked: number | null | undefined): number {
  if (asked == null) return eventType.duration;
  const offered = eventType.durations.length > 0 ? eventType.durations : [eventType.duration];
  if (!offered.includes(asked))
    throw invalid('duration', asked, offered, 'This event type does not offer that duration');
  return asked;
}
