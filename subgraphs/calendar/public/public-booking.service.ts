import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid, notFound } from '../../../platform/errors/domain-error.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { Organization } from '../../../platform/organizations/organization.entity.js';
import { EventType } from '../entities/event-type.entity.js';
import type { Booking } from '../entities/booking.entity.js';
import { BookingService } from '../bookings/booking.service.js';
import { assertTimezone, isDate } from '../shared/input-checks.js';
import type { PublicBookingView, PublicEventTypeView, PublicSlotsView } from './public-booking.types.js';
import type { PublicBookingInput } from './public-booking.input.js';

export interface PublicSlotsArgs {
  from?: string | null;
  to?: string | null;
  timeZone?: string | null;
  duration?: number | null;
}

/** Organization and event type slugs: what a booking link may hold before anything is looked up. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/i;

/**
 * The booking page's side of calendar. Callers have no key: the organization comes from the slug in the address, and
 * every read and write runs on a fork scoped to it. Private, deleted and unknown event types all answer the same 404,
 * so the address tells nobody which private slugs exist.
 */
export class PublicBookingService {
  constructor(private readonly bookings: BookingService) {}

  async eventType(root: EntityManager, orgSlug: string, slug: string): Promise<PublicEventTypeView> {
    const { em, eventType } = await this.find(root, orgSlug, slug);
    // A host without a schedule yet: the page still shows the type (its slots will say HOST_UNAVAILABLE).
    const rules = await this.bookings.availability.rulesOf(em, eventType).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'HOST_UNAVAILABLE') return null;
      throw error;
    });
    return {
      organizationSlug: orgSlug,
      slug: eventType.slug,
      title: eventType.title,
      description: eventType.description,
      duration: eventType.duration,
      durations: eventType.durations.length > 0 ? eventType.durations : [eventType.duration],
      locationType: eventType.location.type,
      timeZone: rules?.timezone ?? null,
      requiresConfirmation: eventType.requiresConfirmation,
      bookingQuestions: eventType.bookingQuestions,
    };
  }

  /** The free slots between two of the booker's dates (inclusive), the module's own availability. */
  async slots(root: EntityManager, orgSlug: string, slug: string, args: PublicSlotsArgs): Promise<PublicSlotsView> {
    checkSlotsArgs(args);
    const { em, eventType } = await this.find(root, orgSlug, slug);
    return publicSlots(this.bookings, em, eventType.id, args);
  }

  /** A booking through the API's own path: the same checks, limits, buffers and race-free insert. */
  async book(
    root: EntityManager,
    orgSlug: string,
    slug: string,
    input: PublicBookingInput,
  ): Promise<PublicBookingView> {
    assertTimezone(input.timeZone, 'timeZone');
    const { em, eventType } = await this.find(root, orgSlug, slug);
    const created = await this.bookings.create(em, {
      eventTypeId: eventType.id,
      startTime: input.start,
      duration: input.duration ?? null,
      attendee: { name: input.name, email: input.email, timezone: input.timeZone },
      responses: input.responses ?? null,
    });
    const booking = await this.bookings.find(em, created.uid);
    return publicBookingView(
      booking,
      booking.status === 'CONFIRMED' ? this.bookings.notifier.invite(booking, 'REQUEST') : null,
    );
  }

  private async find(
    root: EntityManager,
    orgSlug: string,
    slug: string,
  ): Promise<{ em: EntityManager; eventType: EventType }> {
    if (!SLUG.test(orgSlug) || !SLUG.test(slug)) throw notFound('Event type');
    // The organization is not a tenant row: found by its slug before any tenant is known.
    const organization = await root.findOne(Organization, { slug: orgSlug.toLowerCase() }, { filters: false });
    if (!organization) throw notFound('Event type');
    const em = forkForTenant(root, organization.id);
    const eventType = await em.findOne(EventType, { slug, public: true, deletedAt: null });
    if (!eventType) throw notFound('Event type');
    return { em, eventType };
  }
}

function checkSlotsArgs(args: PublicSlotsArgs): void {
  if (args.from != null && !isDate(args.from)) throw invalid('from', args.from, 'a date YYYY-MM-DD');
  if (args.to != null && !isDate(args.to)) throw invalid('to', args.to, 'a date YYYY-MM-DD');
  if (args.timeZone != null) assertTimezone(args.timeZone, 'timeZone');
}

/** An event type's free slots as a booker reads them (the booking page's and the reschedule page's). */
export async function publicSlots(
  bookings: BookingService,
  em: EntityManager,
  eventTypeId: string,
  args: PublicSlotsArgs,
): Promise<PublicSlotsView> {
  checkSlotsArgs(args);
  const found = await bookings.availability.availability(em, {
    eventTypeId,
    startDate: args.from,
    endDate: args.to,
    timezone: args.timeZone,
    duration: args.duration,
  });
  return { timeZone: found.timezone, duration: found.duration, days: found.days };
}

/** The booker's view of their booking: their own answers, no host contact, no notes or metadata. */
export function publicBookingView(booking: Booking, ics: string | null): PublicBookingView {
  return {
    uid: booking.uid,
    status: booking.status,
    title: booking.title,
    startTime: booking.startTime,
    endTime: booking.endTime,
    timeZone: booking.attendeeTimezone,
    name: booking.attendeeName,
    email: booking.attendeeEmail,
    locationType: booking.location.type,
    meetingUrl: booking.meetingUrl,
    responses: booking.responses,
    ics,
  };
}
