import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { DomainError, invalid, notFound } from '../../../platform/errors/domain-error.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import { withinFilterYears } from '../../../platform/graphql/date-range.js';
import { findPage } from '../../../platform/orm/find-page.js';
import { offsetMeta, resolvePage, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import type { CalendarDeps } from '../calendar-deps.js';
import { Booking } from '../entities/booking.entity.js';
import { BOOKING_STATUSES } from '../entities/booking-status.js';
import type { EventType } from '../entities/event-type.entity.js';
import { AvailabilityService, durationOf } from '../availability/availability.service.js';
import { CALENDAR_LIMITS } from '../schedules/schedule.service.js';
import { isEmailAddress } from '../../../platform/validation/email-address.js';
import { assertTimezone, isDate } from '../shared/input-checks.js';
import { checkedResponses } from './booking-responses.js';
import { checkDailyLimit, checkTiming, isOverlap, slotTaken } from './booking-rules.js';
import type { CreateBookingInput } from './booking.input.js';
import { bookingEventData, bookingView } from './booking-view.js';
import { BookingNotifier } from './booking-notifier.js';
import { BookingReminders } from './booking-reminders.js';
import type { BookingList, BookingView } from './booking.types.js';

const MINUTE = 60_000;

export interface BookingListArgs extends PageArgs {
  status?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  eventTypeId?: string | null;
  attendeeEmail?: string | null;
}

/** Creating, reading and listing bookings. The database refuses overlaps; this service maps that to SLOT_UNAVAILABLE. */
export class BookingService {
  readonly availability: AvailabilityService;
  readonly notifier: BookingNotifier;
  readonly reminders: BookingReminders;

  constructor(readonly deps: CalendarDeps) {
    this.availability = new AvailabilityService(deps);
    this.notifier = new BookingNotifier(deps);
    this.reminders = new BookingReminders(deps);
  }

  async create(em: EntityManager, input: CreateBookingInput): Promise<BookingView> {
    assertTimezone(input.attendee.timezone, 'attendee.timezone');
    const draft = {
      ...input,
      startTime: new Date(input.startTime),
      duration: input.duration ?? undefined,
      notes: input.notes ?? null,
      responses: input.responses ?? {},
      metadata: input.metadata ?? {},
      attendee: {
        name: input.attendee.name,
        email: input.attendee.email.toLowerCase(),
        timezone: input.attendee.timezone,
      },
    };
    const eventType = await this.availability.bookable(em, draft.eventTypeId);
    const duration = durationOf(eventType, draft.duration);
    const responses = checkedResponses(eventType.bookingQuestions, draft.responses);
    const rules = await this.availability.rulesOf(em, eventType);
    const start = draft.startTime;
    const end = new Date(start.getTime() + duration * MINUTE);
    checkTiming(eventType, rules, start, end, this.deps.clock.now());
    const uid = newId('booking');
    const booking = await this.insert(em, start, async (tx) => {
      await checkDailyLimit(tx, eventType, rules.timezone, start);
      const created = tx.create(Booking, {
        uid,
        organizationId: tenantOf(tx),
        eventTypeId: eventType.id,
        hostId: eventType.hostId,
        hostName: eventType.hostName,
        hostEmail: eventType.hostEmail,
        title: eventType.title,
        status: eventType.requiresConfirmation ? 'PENDING' : 'CONFIRMED',
        startTime: start,
        endTime: end,
        ...blocked(eventType, start, end),
        attendeeName: draft.attendee.name,
        attendeeEmail: draft.attendee.email,
        attendeeTimezone: draft.attendee.timezone,
        notes: draft.notes,
        responses,
        metadata: draft.metadata,
        location: eventType.location,
        meetingUrl: this.meetingUrl(eventType, uid),
      });
      await tx.flush();
      await emitEvent(tx, 'booking.created', bookingEventData(created));
      if (created.status === 'CONFIRMED') {
        await this.reminders.schedule(tx, created, eventType.reminderOffsets);
        await this.notifier.notify(tx, created, 'confirmation');
      } else {
        await this.notifier.notify(tx, created, 'request');
      }
      return created;
    });
    return bookingView(booking, this.deps.config.publicUrl);
  }

  async get(em: EntityManager, uid: string): Promise<BookingView> {
    return bookingView(await this.find(em, uid), this.deps.config.publicUrl);
  }

  /** By start time, earliest first; dates (YYYY-MM-DD, UTC days, inclusive) or ISO instants bound the start. */
  async list(em: EntityManager, args: BookingListArgs): Promise<BookingList> {
    const page = resolvePage(args, CALENDAR_LIMITS);
    const where: Record<string, unknown> = {};
    if (args.status != null) {
      if (!(BOOKING_STATUSES as readonly string[]).includes(args.status))
        throw invalid('status', args.status, BOOKING_STATUSES);
      where.status = args.status;
    }
    const range: Record<string, Date> = {};
    if (args.startDate != null) range.$gte = bound(args.startDate, 'startDate', false);
    if (args.endDate != null) range[isDate(args.endDate) ? '$lt' : '$lte'] = bound(args.endDate, 'endDate', true);
    if (range.$gte && (range.$lt ?? range.$lte)! < range.$gte)
      throw invalid('endDate', args.endDate, `on or after ${args.startDate}`);
    if (Object.keys(range).length > 0) where.startTime = range;
    if (args.eventTypeId != null) where.eventTypeId = args.eventTypeId;
    if (args.attendeeEmail != null) {
      if (!isEmailAddress(args.attendeeEmail)) throw invalid('attendeeEmail', args.attendeeEmail, 'an email address');
      where.attendeeEmail = args.attendeeEmail.toLowerCase();
    }
    const { rows, total } = await findPage(em, Booking, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { startTime: 'asc', uid: 'asc' },
    });
    return {
      data: rows.map((r) => bookingView(r, this.deps.config.publicUrl)),
      meta: offsetMeta(page, rows.length, total),
    };
  }

  async find(em: EntityManager, uid: string): Promise<Booking> {
    const booking = await em.findOne(Booking, { uid });
    if (!booking) throw notFound('Booking');
    return booking;
  }

  /** Runs the write in a transaction; an overlap refused by the exclusion constraint becomes SLOT_UNAVAILABLE. */
  async insert<T>(em: EntityManager, start: Date, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await em.transactional(work);
    } catch (error) {
      if (isOverlap(error)) throw slotTaken(start);
      throw error;
    }
  }

  /** VIDEO gets a room of its own per booking; LINK the host's fixed URL; phone and in-person meetings have none. */
  private meetingUrl(eventType: EventType, uid: string): string | null {
    if (eventType.location.type === 'LINK') return eventType.location.url ?? null;
    if (eventType.location.type === 'VIDEO') return `${this.deps.config.publicUrl}/calendar/meet/${uid}`;
    return null;
  }
}

/** The interval the booking keeps from others: its own buffers on both sides. */
export function blocked(eventType: EventType, start: Date, end: Date) {
  return {
    bufferBefore: eventType.bufferBefore,
    bufferAfter: eventType.bufferAfter,
    blockedStart: new Date(start.getTime() - eventType.bufferBefore * MINUTE),
    blockedEnd: new Date(end.getTime() + eventType.bufferAfter * MINUTE),
  };
}

/** A list bound: a date is a UTC day (endDate includes it), anything else must be an ISO instant. */
function bound(value: string, field: string, end: boolean): Date {
  if (isDate(value)) {
    const day = DateTime.fromISO(value, { zone: 'UTC' });
    return (end ? day.plus({ days: 1 }) : day).toJSDate();
  }
  const parsed = DateTime.fromISO(value, { setZone: true });
  if (!parsed.isValid || !/T/.test(value) || !withinFilterYears(parsed.toJSDate()))
    throw invalid(field, value, 'a date YYYY-MM-DD or an ISO 8601 date-time between 1970 and 2999');
  return parsed.toJSDate();
}

export const notActive = (status: string, action: string, allowed: readonly string[]) =>
  new DomainError('INVALID_REQUEST', `A ${status} booking cannot be ${action}`, {
    field: 'status',
    received: status,
    expected: allowed,
  });
