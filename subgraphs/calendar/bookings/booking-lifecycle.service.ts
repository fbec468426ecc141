import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { EventType } from '../entities/event-type.entity.js';
import { ACTIVE_STATUSES } from '../entities/booking-status.js';
import { Booking } from '../entities/booking.entity.js';
import { checkDailyLimit, checkTiming } from './booking-rules.js';
import { invalid } from '../../../platform/errors/domain-error.js';
import type { CancelBookingInput, RejectBookingInput, RescheduleBookingInput } from './booking.input.js';
import { bookingEventData, bookingView } from './booking-view.js';
import { blocked, notActive, type BookingService } from './booking.service.js';
import type { BookingView } from './booking.types.js';

/**
 * What happens to a booking after it is made. PENDING → CONFIRMED (confirm) or REJECTED (reject); PENDING or
 * CONFIRMED → CANCELLED (cancel); reschedule moves an active booking, checked like a new one, keeping its status.
 * Each change takes the booking's row lock first, so two changes of one booking run one after the other.
 */
export class BookingLifecycleService {
  constructor(private readonly bookings: BookingService) {}

  async cancel(em: EntityManager, uid: string, given: CancelBookingInput): Promise<BookingView> {
    const input = {
      reason: given.reason ?? null,
      cancelledBy: given.cancelledBy ?? 'host',
      notifyHost: given.notifyHost ?? false,
    };
    return this.change(em, uid, async (tx, booking) => {
      if (!ACTIVE_STATUSES.includes(booking.status)) throw notActive(booking.status, 'cancelled', ACTIVE_STATUSES);
      booking.status = 'CANCELLED';
      booking.cancellationReason = input.reason;
      booking.cancelledBy = input.cancelledBy;
      await tx.flush();
      await this.bookings.reminders.remove(tx, uid);
      await emitEvent(tx, 'booking.cancelled', {
        ...bookingEventData(booking),
        reason: input.reason,
        cancelledBy: input.cancelledBy,
      });
      await this.bookings.notifier.notify(tx, booking, 'cancellation', { reason: input.reason });
      if (input.notifyHost)
        await this.bookings.notifier.notify(tx, booking, 'cancellation', { to: 'host', reason: input.reason });
    });
  }

  /** `attendeeTimezone`: the zone the attendee picked the new time in (their own reschedule page), for their emails. */
  async reschedule(
    em: EntityManager,
    uid: string,
    given: RescheduleBookingInput,
    attendeeTimezone?: string,
  ): Promise<BookingView> {
    const input = {
      startTime: new Date(given.startTime),
      reason: given.reason ?? null,
      notifyAttendee: given.notifyAttendee ?? true,
    };
    const current = await this.bookings.find(em, uid);
    const eventType = await em.findOne(EventType, { id: current.eventTypeId });
    if (!eventType || eventType.deletedAt)
      throw notActive('booking of a deleted event type', 'rescheduled', ['a booking of an existing event type']);
    if (!eventType.active)
      throw new DomainError('EVENT_TYPE_INACTIVE', 'This event type is disabled: its bookings cannot move', {
        eventTypeId: eventType.id,
      });
    const rules = await this.bookings.availability.rulesOf(em, eventType);
    const start = input.startTime;
    const end = new Date(start.getTime() + (current.endTime.getTime() - current.startTime.getTime()));
    checkTiming(eventType, rules, start, end, this.bookings.deps.clock.now());
    return this.change(
      em,
      uid,
      async (tx, booking) => {
        if (!ACTIVE_STATUSES.includes(booking.status)) throw notActive(booking.status, 'rescheduled', ACTIVE_STATUSES);
        await checkDailyLimit(tx, eventType, rules.timezone, start, uid);
        const previous = { startTime: booking.startTime.toISOString(), endTime: booking.endTime.toISOString() };
        Object.assign(booking, {
          startTime: start,
          endTime: end,
          ...blocked(eventType, start, end),
          rescheduleReason: input.reason,
          rescheduleCount: booking.rescheduleCount + 1,
        });
        if (attendeeTimezone) booking.attendeeTimezone = attendeeTimezone;
        await tx.flush();
        if (booking.status === 'CONFIRMED')
          await this.bookings.reminders.reschedule(tx, booking, eventType.reminderOffsets);
        await emitEvent(tx, 'booking.rescheduled', {
          ...bookingEventData(booking),
          previousStartTime: previous.startTime,
          previousEndTime: previous.endTime,
          reason: input.reason,
        });
        if (input.notifyAttendee)
          await this.bookings.notifier.notify(tx, booking, 'reschedule', { reason: input.reason });
      },
      start,
    );
  }

  async confirm(em: EntityManager, uid: string, body: Record<string, unknown>): Promise<BookingView> {
    // Confirm takes no fields (and a GraphQL input type needs one): a body with some is a mistake worth a 400.
    const extra = Object.keys(body)[0];
    if (extra !== undefined) throw invalid(extra, extra, [], `Unknown field ${extra}`);
    return this.change(em, uid, async (tx, booking) => {
      if (booking.status !== 'PENDING') throw notActive(booking.status, 'confirmed', ['PENDING']);
      booking.status = 'CONFIRMED';
      await tx.flush();
      const eventType = await tx.findOne(EventType, { id: booking.eventTypeId });
      await this.bookings.reminders.schedule(tx, booking, eventType?.reminderOffsets ?? []);
      await emitEvent(tx, 'booking.confirmed', bookingEventData(booking));
      await this.bookings.notifier.notify(tx, booking, 'confirmation');
    });
  }

  async reject(em: EntityManager, uid: string, given: RejectBookingInput): Promise<BookingView> {
    const input = { reason: given.reason ?? null };
    return this.change(em, uid, async (tx, booking) => {
      if (booking.status !== 'PENDING') throw notActive(booking.status, 'rejected', ['PENDING']);
      booking.status = 'REJECTED';
      booking.rejectionReason = input.reason;
      await tx.flush();
      await emitEvent(tx, 'booking.rejected', { ...bookingEventData(booking), reason: input.reason });
      await this.bookings.notifier.notify(tx, booking, 'rejection', { reason: input.reason });
    });
  }

  /** Locks the booking's row (fresh from the database), applies the change and its side effects in one transaction. */
  private async change(
    em: EntityManager,
    uid: string,
    work: (tx: EntityManager, booking: Booking) => Promise<void>,
    start?: Date,
  ): Promise<BookingView> {
    const booking = await this.bookings.insert(em, start ?? new Date(0), async (tx) => {
      const locked = await tx.findOne(Booking, { uid }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!locked) throw notFound('Booking');
      await work(tx, locked);
      return locked;
    });
    return bookingView(booking, this.bookings.deps.config.publicUrl);
  }
}
