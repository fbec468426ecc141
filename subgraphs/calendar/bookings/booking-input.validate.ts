import { DateTime } from 'luxon';
import { invalid } from '../../../platform/errors/domain-error.js';
import { EMAIL, Fields } from '../shared/input-checks.js';

/** ISO 8601 with an explicit UTC offset (or Z): a local time alone would be ambiguous. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

export function instant(f: Fields, key: string): Date {
  const value = f.string(key, { required: true, max: 40, pattern: INSTANT, expected: 'ISO 8601 with a UTC offset, e.g. 2030-01-07T10:00:00+01:00' })!;
  const parsed = DateTime.fromISO(value, { setZone: true });
  if (!parsed.isValid) throw invalid(f.path(key), value, 'a real date and time');
  return parsed.toJSDate();
}

export interface BookingDraft {
  eventTypeId: string;
  startTime: Date;
  duration?: number;
  attendee: { name: string; email: string; timezone: string };
  notes: string | null;
  responses: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/** Booking input of document 2 part 2, plus `duration` for multi-duration event types. */
export function validateBooking(body: Record<string, unknown>): BookingDraft {
  const f = new Fields(body).only(['eventTypeId', 'startTime', 'attendee', 'notes', 'responses', 'metadata', 'duration']);
  const eventTypeId = f.string('eventTypeId', { required: true, max: 100 })!;
  const startTime = instant(f, 'startTime');
  const a = f.nested('attendee', { required: true })!.only(['name', 'email', 'timezone']);
  const attendee = {
    name: a.string('name', { required: true, max: 200, singleLine: true })!,
    email: a.string('email', { required: true, max: 320, pattern: EMAIL, expected: 'an email address' })!.toLowerCase(),
    timezone: a.timezone('timezone', { required: true })!,
  };
  return {
    eventTypeId, startTime, attendee, duration: f.int('duration', { min: 1, max: 1440 }),
    notes: f.string('notes', { max: 5000 }) ?? null,
    responses: f.object('responses') ?? {},
    metadata: f.object('metadata') ?? {},
  };
}

export function validateCancel(body: Record<string, unknown>): { reason: string | null; cancelledBy: 'attendee' | 'host'; notifyHost: boolean } {
  const f = new Fields(body).only(['reason', 'cancelledBy', 'notifyHost']);
  const cancelledBy = f.string('cancelledBy', { max: 20, expected: 'attendee or host' }) ?? 'host';
  if (cancelledBy !== 'attendee' && cancelledBy !== 'host') throw invalid('cancelledBy', cancelledBy, ['attendee', 'host']);
  return { reason: f.string('reason', { max: 1000 }) ?? null, cancelledBy, notifyHost: f.bool('notifyHost') ?? false };
}

export function validateReschedule(body: Record<string, unknown>): { startTime: Date; reason: string | null; notifyAttendee: boolean } {
  const f = new Fields(body).only(['startTime', 'reason', 'notifyAttendee']);
  return { startTime: instant(f, 'startTime'), reason: f.string('reason', { max: 1000 }) ?? null, notifyAttendee: f.bool('notifyAttendee') ?? true };
}

export function validateReject(body: Record<string, unknown>): { reason: string | null } {
  const f = new Fields(body).only(['reason']);
  return { reason: f.string('reason', { max: 1000 }) ?? null };
}

/** Confirm takes no fields; a body with some is a mistake worth a 400. */
export function validateConfirm(body: Record<string, unknown>): void {
  new Fields(body).only([]);
}
