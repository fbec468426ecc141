import type { ModuleRoutes, RouteSpec } from '../route-table.js';
import { PAGE_QUERY } from '../request-values.js';
import { webhookRouteSpecs } from './webhooks.routes.js';

const READS = { category: 'reads' as const };
const WRITES = { category: 'general' as const };
const input = { bodyVariable: 'input' };
// cancel, reject and confirm may come without a body.
const optionalInput = { bodyVariable: 'input', bodyOptional: 'empty' } as const;
// The booking page's JSON: no key, counted per IP; bookings like a public form's submit (10 a minute per IP).
const PUBLIC_READS = { category: 'reads' as const, endpoint: { limit: 1_000, windowMs: 60_000 } };
const PUBLIC_BOOKINGS = { category: 'general' as const, endpoint: { limit: 10, windowMs: 60_000 } };
const read = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: READS });
const write = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: WRITES });

/** Calendar, platform envelope, `calendar` scope. */
export const calendarRoutes: ModuleRoutes = {
  module: 'calendar',
  prefix: '/calendar',
  envelope: 'platform',
  routes: [
    read({
      method: 'GET',
      path: '/calendar/event-types',
      operation: 'ListCalendarEventTypes',
      result: 'calendarEventTypes',
      list: true,
      query: { ...PAGE_QUERY, hostId: 'string', active: 'boolean' },
    }),
    write({
      method: 'POST',
      path: '/calendar/event-types',
      operation: 'CreateCalendarEventType',
      result: 'createCalendarEventType',
      status: 201,
      ...input,
    }),
    read({
      method: 'GET',
      path: '/calendar/event-types/:id',
      operation: 'GetCalendarEventType',
      result: 'calendarEventType',
    }),
    write({
      method: 'PATCH',
      path: '/calendar/event-types/:id',
      operation: 'UpdateCalendarEventType',
      result: 'updateCalendarEventType',
      ...input,
    }),
    write({
      method: 'DELETE',
      path: '/calendar/event-types/:id',
      operation: 'DeleteCalendarEventType',
      result: 'deleteCalendarEventType',
    }),
    read({
      method: 'GET',
      path: '/calendar/schedules',
      operation: 'ListCalendarSchedules',
      result: 'calendarSchedules',
      list: true,
      query: { ...PAGE_QUERY, hostId: 'string' },
    }),
    write({
      method: 'POST',
      path: '/calendar/schedules',
      operation: 'CreateCalendarSchedule',
      result: 'createCalendarSchedule',
      status: 201,
      ...input,
    }),
    read({
      method: 'GET',
      path: '/calendar/schedules/:id',
      operation: 'GetCalendarSchedule',
      result: 'calendarSchedule',
    }),
    write({
      method: 'PATCH',
      path: '/calendar/schedules/:id',
      operation: 'UpdateCalendarSchedule',
      result: 'updateCalendarSchedule',
      ...input,
    }),
    write({
      method: 'DELETE',
      path: '/calendar/schedules/:id',
      operation: 'DeleteCalendarSchedule',
      result: 'deleteCalendarSchedule',
    }),
    write({
      method: 'POST',
      path: '/calendar/schedules/:scheduleId/overrides',
      operation: 'AddCalendarScheduleOverride',
      result: 'addCalendarScheduleOverride',
      status: 201,
      ...input,
    }),
    write({
      method: 'DELETE',
      path: '/calendar/schedules/:scheduleId/overrides/:overrideId',
      operation: 'DeleteCalendarScheduleOverride',
      result: 'deleteCalendarScheduleOverride',
    }),
    read({
      method: 'GET',
      path: '/calendar/availability',
      operation: 'GetCalendarAvailability',
      result: 'calendarAvailability',
      query: {
        eventTypeId: 'string',
        startDate: 'string',
        endDate: 'string',
        timezone: 'string',
        hostId: 'string',
        duration: 'int',
      },
    }),
    read({
      method: 'GET',
      path: '/calendar/bookings',
      operation: 'ListCalendarBookings',
      result: 'calendarBookings',
      list: true,
      query: {
        ...PAGE_QUERY,
        status: 'string',
        startDate: 'string',
        endDate: 'string',
        eventTypeId: 'string',
        attendeeEmail: 'string',
      },
    }),
    write({
      method: 'POST',
      path: '/calendar/bookings',
      operation: 'CreateCalendarBooking',
      result: 'createCalendarBooking',
      status: 201,
      ...input,
    }),
    read({
      method: 'GET',
      path: '/calendar/bookings/:uid',
      operation: 'GetCalendarBooking',
      result: 'calendarBooking',
    }),
    write({
      method: 'POST',
      path: '/calendar/bookings/:uid/cancel',
      operation: 'CancelCalendarBooking',
      result: 'cancelCalendarBooking',
      ...optionalInput,
    }),
    write({
      method: 'POST',
      path: '/calendar/bookings/:uid/reschedule',
      operation: 'RescheduleCalendarBooking',
      result: 'rescheduleCalendarBooking',
      ...input,
    }),
    write({
      method: 'POST',
      path: '/calendar/bookings/:uid/confirm',
      operation: 'ConfirmCalendarBooking',
      result: 'confirmCalendarBooking',
      ...optionalInput,
    }),
    write({
      method: 'POST',
      path: '/calendar/bookings/:uid/reject',
      operation: 'RejectCalendarBooking',
      result: 'rejectCalendarBooking',
      ...optionalInput,
    }),
    // Public event types by organization and event type slug (the booking page's data).
    {
      method: 'GET',
      path: '/calendar/public/:organizationSlug/:eventTypeSlug',
      operation: 'GetPublicCalendarEventType',
      result: 'publicCalendarEventType',
      auth: 'public',
      rateLimit: PUBLIC_READS,
    },
    {
      method: 'GET',
      path: '/calendar/public/:organizationSlug/:eventTypeSlug/slots',
      operation: 'GetPublicCalendarSlots',
      result: 'publicCalendarSlots',
      auth: 'public',
      query: { from: 'string', to: 'string', timeZone: 'string', duration: 'int' },
      rateLimit: PUBLIC_READS,
    },
    {
      method: 'POST',
      path: '/calendar/public/:organizationSlug/:eventTypeSlug/bookings',
      operation: 'CreatePublicCalendarBooking',
      result: 'createPublicCalendarBooking',
      auth: 'public',
      status: 201,
      ...input,
      rateLimit: PUBLIC_BOOKINGS,
    },
    // The attendee's signed email link (token from the link): read, cancel and move that one booking.
    {
      method: 'GET',
      path: '/calendar/booking-links/:uid',
      operation: 'GetPublicCalendarBookingLink',
      result: 'publicCalendarBookingLink',
      auth: 'public',
      query: { token: 'string' },
      rateLimit: PUBLIC_READS,
    },
    {
      method: 'POST',
      path: '/calendar/booking-links/:uid/cancel',
      operation: 'CancelPublicCalendarBooking',
      result: 'cancelPublicCalendarBooking',
      auth: 'public',
      ...input,
      rateLimit: PUBLIC_BOOKINGS,
    },
    {
      method: 'GET',
      path: '/calendar/booking-links/:uid/slots',
      operation: 'GetPublicCalendarBookingLinkSlots',
      result: 'publicCalendarBookingLinkSlots',
      auth: 'public',
      query: { token: 'string', from: 'string', to: 'string', timeZone: 'string' },
      rateLimit: PUBLIC_READS,
    },
    {
      method: 'POST',
      path: '/calendar/booking-links/:uid/reschedule',
      operation: 'ReschedulePublicCalendarBooking',
      result: 'reschedulePublicCalendarBooking',
      auth: 'public',
      ...input,
      rateLimit: PUBLIC_BOOKINGS,
    },
    ...webhookRouteSpecs({
      namespace: 'calendar',
      path: '/calendar/webhooks',
      only: ['create', 'list', 'get', 'update', 'delete', 'deliveries'],
    }),
  ],
};
