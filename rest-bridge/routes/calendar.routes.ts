import type { BridgeRequest, ModuleRoutes, RouteSpec } from '../route-table.js';
import { jsonObject, PAGE_QUERY } from '../request-values.js';
import { webhookRouteSpecs } from './webhooks.routes.js';

const READS = { category: 'reads' as const };
const WRITES = { category: 'general' as const };
const input = (r: BridgeRequest) => ({ input: jsonObject(r.body) });
// cancel, reject and confirm may come without a body.
const optionalInput = (r: BridgeRequest) => ({ input: r.body === undefined ? {} : jsonObject(r.body) });
const read = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: READS });
const write = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: WRITES });

/** Document 2, part 4.2: calendar, platform envelope, `calendar` scope. */
export const calendarRoutes: ModuleRoutes = {
  module: 'calendar',
  prefix: '/calendar',
  envelope: 'platform',
  routes: [
    read({ method: 'GET', path: '/calendar/event-types', operation: 'ListCalendarEventTypes', result: 'calendarEventTypes', list: true, query: { ...PAGE_QUERY, hostId: 'string', active: 'boolean' } }),
    write({ method: 'POST', path: '/calendar/event-types', operation: 'CreateCalendarEventType', result: 'createCalendarEventType', status: 201, variables: input }),
    read({ method: 'GET', path: '/calendar/event-types/:id', operation: 'GetCalendarEventType', result: 'calendarEventType' }),
    write({ method: 'PATCH', path: '/calendar/event-types/:id', operation: 'UpdateCalendarEventType', result: 'updateCalendarEventType', variables: (r) => ({ id: r.params.id, ...input(r) }) }),
    write({ method: 'DELETE', path: '/calendar/event-types/:id', operation: 'DeleteCalendarEventType', result: 'deleteCalendarEventType' }),
    read({ method: 'GET', path: '/calendar/schedules', operation: 'ListCalendarSchedules', result: 'calendarSchedules', list: true, query: { ...PAGE_QUERY, hostId: 'string' } }),
    write({ method: 'POST', path: '/calendar/schedules', operation: 'CreateCalendarSchedule', result: 'createCalendarSchedule', status: 201, variables: input }),
    read({ method: 'GET', path: '/calendar/schedules/:id', operation: 'GetCalendarSchedule', result: 'calendarSchedule' }),
    write({ method: 'PATCH', path: '/calendar/schedules/:id', operation: 'UpdateCalendarSchedule', result: 'updateCalendarSchedule', variables: (r) => ({ id: r.params.id, ...input(r) }) }),
    write({ method: 'DELETE', path: '/calendar/schedules/:id', operation: 'DeleteCalendarSchedule', result: 'deleteCalendarSchedule' }),
    write({ method: 'POST', path: '/calendar/schedules/:scheduleId/overrides', operation: 'AddCalendarScheduleOverride', result: 'addCalendarScheduleOverride', status: 201, variables: (r) => ({ scheduleId: r.params.scheduleId, ...input(r) }) }),
    write({ method: 'DELETE', path: '/calendar/schedules/:scheduleId/overrides/:overrideId', operation: 'DeleteCalendarScheduleOverride', result: 'deleteCalendarScheduleOverride' }),
    read({ method: 'GET', path: '/calendar/availability', operation: 'GetCalendarAvailability', result: 'calendarAvailability', query: { eventTypeId: 'string', startDate: 'string', endDate: 'string', timezone: 'string', hostId: 'string', duration: 'int' } }),
    read({
      method: 'GET', path: '/calendar/bookings', operation: 'ListCalendarBookings', result: 'calendarBookings', list: true,
      query: { ...PAGE_QUERY, status: 'string', startDate: 'string', endDate: 'string', eventTypeId: 'string', attendeeEmail: 'string' },
    }),
    write({ method: 'POST', path: '/calendar/bookings', operation: 'CreateCalendarBooking', result: 'createCalendarBooking', status: 201, variables: input }),
    read({ method: 'GET', path: '/calendar/bookings/:uid', operation: 'GetCalendarBooking', result: 'calendarBooking' }),
    write({ method: 'POST', path: '/calendar/bookings/:uid/cancel', operation: 'CancelCalendarBooking', result: 'cancelCalendarBooking', variables: (r) => ({ uid: r.params.uid, ...optionalInput(r) }) }),
    write({ method: 'POST', path: '/calendar/bookings/:uid/reschedule', operation: 'RescheduleCalendarBooking', result: 'rescheduleCalendarBooking', variables: (r) => ({ uid: r.params.uid, ...input(r) }) }),
    write({ method: 'POST', path: '/calendar/bookings/:uid/confirm', operation: 'ConfirmCalendarBooking', result: 'confirmCalendarBooking', variables: (r) => ({ uid: r.params.uid, ...optionalInput(r) }) }),
    write({ method: 'POST', path: '/calendar/bookings/:uid/reject', operation: 'RejectCalendarBooking', result: 'rejectCalendarBooking', variables: (r) => ({ uid: r.params.uid, ...optionalInput(r) }) }),
    ...webhookRouteSpecs({ namespace: 'calendar', path: '/calendar/webhooks', only: ['create', 'list', 'get', 'update', 'delete', 'deliveries'] }),
  ],
};

