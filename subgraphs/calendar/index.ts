import type { PlatformDeps, SubgraphModule } from '../../platform/federation/subgraph-module.js';
import { buildFederatedSchema } from '../../platform/federation/build-subgraph-schema.js';
import { moduleContainer } from '../../platform/federation/subgraph-module.js';
import { portsOf } from '../../platform/ports/port-registry.js';
import { Schedule } from './entities/schedule.entity.js';
import { ScheduleOverride } from './entities/schedule-override.entity.js';
import { EventType } from './entities/event-type.entity.js';
import { Booking } from './entities/booking.entity.js';
import { ScheduleResolver } from './schedules/schedule.resolver.js';
import { EventTypeResolver } from './event-types/event-type.resolver.js';
import { AvailabilityResolver } from './availability/availability.resolver.js';
import { BookingResolver } from './bookings/booking.resolver.js';
import { PublicBookingResolver } from './public/public-booking.resolver.js';
import { CalendarStatsResolver } from './dashboard/calendar-stats.resolver.js';
import { ContactBookingsResolver } from './federation/contact-bookings.resolver.js';
import { CalendarContactStub } from './federation/contact.stub.js';
import { UserStub } from './federation/user.stub.js';
import { bookingReminderJob } from './jobs/booking-reminder.job.js';
import { systemClock, type JobClock } from '../../platform/clock/job-clock.js';
import { Migration20261125000100_calendar } from './migrations/Migration20261125000100_calendar.js';
import { Migration20261201230000_calendar_public_event_types } from './migrations/Migration20261201230000_calendar_public_event_types.js';
import { Migration20261202043000_calendar_booking_questions } from './migrations/Migration20261202043000_calendar_booking_questions.js';
import type { CalendarDeps } from './calendar-deps.js';
import { bookingConfirmationRoutes } from './hosted/booking-confirmation.route.js';
import { bookingPageRoutes } from './hosted/booking-page.route.js';
import { cancelPageRoutes } from './hosted/cancel-page.route.js';
import { reschedulePageRoutes } from './hosted/reschedule-page.route.js';
import { CALENDAR_ERROR_CODES } from './calendar-error-codes.js';

export const CALENDAR_RESOLVERS = [
  ScheduleResolver,
  EventTypeResolver,
  AvailabilityResolver,
  BookingResolver,
  PublicBookingResolver,
  CalendarStatsResolver,
] as const;

export interface CalendarModuleOptions {
  /** Now, for notice/advance/past checks and reminder times; default the wall clock. */
  clock?: JobClock;
  /**
   * Adds `Contact.bookings` to CRM's Contact (default true). Its `email @external` needs the CRM subgraph in the same
   * supergraph, so a platform served without CRM (tests of a module subset) turns it off.
   */
  contactBookings?: boolean;
}

/** The calendar module: schedules, event types, availability, race-free bookings, reminders. */
export function calendarModule(options: CalendarModuleOptions = {}): SubgraphModule {
  let deps: CalendarDeps | undefined;
  const depsFor = (platform: PlatformDeps): CalendarDeps =>
    (deps ??= { ...platform, clock: options.clock ?? systemClock, ports: () => portsOf(platform) });
  return {
    name: 'calendar',
    errorCodes: CALENDAR_ERROR_CODES,
    data: {
      entities: [Schedule, ScheduleOverride, EventType, Booking],
      migrations: [
        { name: 'Migration20261125000100_calendar', class: Migration20261125000100_calendar },
        {
          name: 'Migration20261201230000_calendar_public_event_types',
          class: Migration20261201230000_calendar_public_event_types,
        },
        {
          name: 'Migration20261202043000_calendar_booking_questions',
          class: Migration20261202043000_calendar_booking_questions,
        },
      ],
    },
    pageRoutes: (platform) => [
      ...bookingPageRoutes(depsFor(platform)),
      ...bookingConfirmationRoutes(platform),
      ...cancelPageRoutes(platform),
      ...reschedulePageRoutes(depsFor(platform)),
    ],
    defineJobs: (platform) => platform.jobs.define(bookingReminderJob(depsFor(platform))),
    buildSchema: (platform) =>
      buildFederatedSchema({
        resolvers:
          options.contactBookings === false
            ? [...CALENDAR_RESOLVERS]
            : [...CALENDAR_RESOLVERS, ContactBookingsResolver],
        orphanedTypes: options.contactBookings === false ? [UserStub] : [UserStub, CalendarContactStub],
        container: moduleContainer(depsFor(platform)) as never,
        invalidInputCode: 'INVALID_REQUEST',
      }),
  };
}
