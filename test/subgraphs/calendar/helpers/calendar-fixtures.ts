import type { TestPlatform } from '../../../helpers/test-platform.js';

/** Monday 7 January 2030, 07:50 UTC (08:50 in Berlin): tests pin "now" here with a ShiftedClock. */
export const MONDAY_0750Z = new Date('2030-01-07T07:50:00Z');

/** A host with a Berlin schedule (Monday–Friday 09:00–17:00) and one event type built from `eventType`. */
export async function hostWithEventType(
  t: TestPlatform,
  key: string,
  hostId: string,
  eventType: Record<string, unknown> = {},
) {
  const schedule = await t.request('POST', '/calendar/schedules', {
    key,
    body: { hostId, name: 'Work', timezone: 'Europe/Berlin' },
  });
  if (schedule.status !== 201) throw new Error(`schedule: ${schedule.text}`);
  return createEventType(t, key, hostId, eventType);
}

export async function createEventType(
  t: TestPlatform,
  key: string,
  hostId: string,
  eventType: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.request('POST', '/calendar/event-types', {
    key,
    body: {
      hostId,
      hostName: 'Hana Host',
      hostEmail: 'hana@example.com',
      title: 'Meeting',
      duration: 30,
      ...eventType,
    },
  });
  if (res.status !== 201) throw new Error(`event type: ${res.text}`);
  return res.body.data.id;
}

export function bookingBody(eventTypeId: string, startTime: string, extra: Record<string, unknown> = {}) {
  return {
    eventTypeId,
    startTime,
    attendee: { name: 'Ada Attendee', email: 'Ada@Example.com', timezone: 'America/New_York' },
    ...extra,
  };
}

/** Lifts the organization to the Scale plan: concurrency tests fire more requests per second than Starter allows. */
export async function scalePlan(t: TestPlatform, slug: string): Promise<void> {
  await t.platform.orm.em
    .getConnection()
    .execute(`update platform.organizations set plan = 'SCALE' where slug = ?`, [slug]);
}
