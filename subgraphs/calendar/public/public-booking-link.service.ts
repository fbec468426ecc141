import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { ACTIVE_STATUSES } from '../entities/booking-status.js';
import { Booking } from '../entities/booking.entity.js';
import type { BookingService } from '../bookings/booking.service.js';
import { BookingLifecycleService } from '../bookings/booking-lifecycle.service.js';
import { validBookingLinkToken } from './booking-link-token.js';
import { assertTimezone } from '../shared/input-checks.js';
import { publicBookingView, publicSlots, type PublicSlotsArgs } from './public-booking.service.js';
import type { PublicBookingView, PublicSlotsView } from './public-booking.types.js';

/**
 * What the signed link of an attendee's email allows without a key: read that booking, cancel it, move it. A wrong token and
 * an unknown uid are the same 404, and the token is checked before anything is read.
 */
export class PublicBookingLinkService {
  private readonly lifecycle: BookingLifecycleService;

  constructor(private readonly bookings: BookingService) {
    this.lifecycle = new BookingLifecycleService(bookings);
  }

  /** The booking and, while it is confirmed, its invite (the no-JavaScript confirmation offers it as a download). */
  async view(root: EntityManager, uid: string, token: string): Promise<PublicBookingView> {
    const { booking } = await this.find(root, uid, token);
    return publicBookingView(
      booking,
      booking.status === 'CONFIRMED' ? this.bookings.notifier.invite(booking, 'REQUEST') : null,
    );
  }

  /** The attendee cancels: the API's own cancel (events, emails, reminders removed), the host told too. */
  async cancel(root: EntityManager, uid: string, token: string, reason: string | null): Promise<PublicBookingView> {
    const { em } = await this.find(root, uid, token);
    await this.lifecycle.cancel(em, uid, { reason, cancelledBy: 'attendee', notifyHost: true });
    return publicBookingView(await this.bookings.find(em, uid), null);
  }

  /** The free slots the booking could move to: its event type's availability, at the booking's own length. */
  async slots(root: EntityManager, uid: string, token: string, args: PublicSlotsArgs): Promise<PublicSlotsView> {
    const { em, booking } = await this.find(root, uid, token);
    const minutes = (booking.endTime.getTime() - booking.startTime.getTime()) / 60_000;
    return publicSlots(this.bookings, em, booking.eventTypeId, { ...args, duration: minutes });
  }

  /** The attendee moves the booking: the API's own reschedule (checks, buffers, the exclusion constraint, events, emails). */
  async reschedule(
    root: EntityManager,
    uid: string,
    token: string,
    start: string,
    timeZone: string,
  ): Promise<PublicBookingView> {
    assertTimezone(timeZone, 'timeZone');
    const { em, booking } = await this.find(root, uid, token);
    if (!ACTIVE_STATUSES.includes(booking.status)) throw notMovable(booking.status);
    try {
      await this.lifecycle.reschedule(em, uid, { startTime: start, reason: null }, timeZone);
    } catch (error) {
      // Cancelled between the read above and the row lock: the same answer as when it was cancelled before.
      const details =
        error instanceof DomainError
          ? (error.extensions.details as { field?: string; received?: unknown } | undefined)
          : undefined;
      if (error instanceof DomainError && error.code === 'INVALID_REQUEST' && details?.field === 'status')
        throw notMovable(String(details.received));
      throw error;
    }
    return publicBookingView(await this.bookings.find(em, uid), null);
  }

  private async find(
    root: EntityManager,
    uid: string,
    token: string,
  ): Promise<{ em: EntityManager; booking: Booking }> {
    if (!validBookingLinkToken(this.bookings.deps.config.internalSecret, uid, token)) throw notFound('Booking');
    // The signed uid names the organization: this one lookup runs unfiltered, then everything runs in its tenant.
    const found = await root.findOne(Booking, { uid }, { filters: false });
    if (!found) throw notFound('Booking');
    const em = forkForTenant(root, found.organizationId);
    return { em, booking: await this.bookings.find(em, uid) };
  }
}

const notMovable = (status: string) =>
  new DomainError('CONFLICT', `This booking is ${status.toLowerCase()}: it cannot be moved`, {
    field: 'status',
    received: status,
    expected: ACTIVE_STATUSES,
  });
