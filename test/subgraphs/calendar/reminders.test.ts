import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';
import { BOOKING_REMINDER_JOB } from '../../../subgraphs/calendar/bookings/booking-reminders.js';
import { MONDAY_0750Z, bookingBody, hostWithEventType } from './helpers/calendar-fixtures.js';

const MINUTE = 60_000;

describe('booking reminders (Agenda jobs on an injected clock)', () => {
  let t: TestPlatform;
  let key: string;
  let eventTypeId: string;
  const clock = new ShiftedClock(MONDAY_0750Z);

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [calendarModule({ clock, contactBookings: false })] });
    key = await t.key('cal-remind');
    eventTypeId = await hostWithEventType(t, key, 'user_remind', { reminderOffsets: [60, 1440] });
  });
  afterAll(() => t.stop());

  const sql = (query: string, params: unknown[] = []) => t.platform.orm.em.getConnection().execute(query, params);
  const jobsOf = async (uid: string) => {
    // A finished one-time job may linger a moment (next_run_at null) before Agenda removes it: only pending ones count.
    const rows = await sql(
      `select data, next_run_at from agenda_jobs where name = ? and data->>'bookingUid' = ? and last_finished_at is null order by next_run_at`,
      [BOOKING_REMINDER_JOB, uid],
    );
    return rows.map((r: any) => ({ minutesBefore: r.data.minutesBefore, runAt: new Date(r.next_run_at).getTime() }));
  };
  /** When the job must run on the wall clock for a reminder due at `start − minutes` on the calendar's clock. */
  const wall = (start: string, minutes: number) =>
    clock.wallTimeOf(new Date(Date.parse(start) - minutes * MINUTE)).getTime();
  const reminderEvents = async (uid: string) =>
    (await sql(`select data from platform.events where type = 'booking.reminder' and data->>'uid' = ?`, [uid])).map(
      (r: any) => r.data,
    );
  const act = (uid: string, action: string, body: unknown = {}) =>
    t.request('POST', `/calendar/bookings/${uid}/${action}`, { key, body });

  it('should schedule one job per offset at start − offset, move them on reschedule and remove them on cancel', async () => {
    const res = await t.request('POST', '/calendar/bookings', {
      key,
      body: bookingBody(eventTypeId, '2030-01-08T10:00:00Z'),
    });
    const uid = res.body.data.uid;
    expect(await jobsOf(uid)).toEqual([
      { minutesBefore: 1440, runAt: wall('2030-01-08T10:00:00Z', 1440) },
      { minutesBefore: 60, runAt: wall('2030-01-08T10:00:00Z', 60) },
    ]);
    expect((await act(uid, 'reschedule', { startTime: '2030-01-09T11:00:00Z' })).status).toBe(200);
    expect(await jobsOf(uid)).toEqual([
      { minutesBefore: 1440, runAt: wall('2030-01-09T11:00:00Z', 1440) },
      { minutesBefore: 60, runAt: wall('2030-01-09T11:00:00Z', 60) },
    ]);
    expect((await act(uid, 'cancel')).status).toBe(200);
    expect(await jobsOf(uid)).toEqual([]);
  });

  it('should skip reminders whose time has already passed when the booking is made', async () => {
    // 08:30Z Monday: start − 60 = 07:30 and start − 1440 are both before now (07:50).
    const res = await t.request('POST', '/calendar/bookings', {
      key,
      body: bookingBody(eventTypeId, '2030-01-07T08:30:00Z'),
    });
    expect(res.status).toBe(201);
    expect(await jobsOf(res.body.data.uid)).toEqual([]);
  });

  it('should fire booking.reminder when its time comes, with the booking and minutesBefore', async () => {
    clock.set(new Date('2030-01-10T08:59:59Z'));
    const res = await t.request('POST', '/calendar/bookings', {
      key,
      body: bookingBody(eventTypeId, '2030-01-10T10:00:00Z'),
    });
    const uid = res.body.data.uid;
    expect((await jobsOf(uid)).map((j) => j.minutesBefore)).toEqual([60]); // the day-before one is already past
    const [event] = await eventually(async () => {
      const found = await reminderEvents(uid);
      return found.length > 0 ? found : null;
    });
    expect(event).toMatchObject({
      uid,
      status: 'CONFIRMED',
      startTime: '2030-01-10T10:00:00.000Z',
      minutesBefore: 60,
      attendee: { email: 'ada@example.com' },
    });
    // The job finishes (and is removed) just after its event commits.
    await eventually(async () => (await jobsOf(uid)).length === 0);
  });

  it('should not fire for a stale job (the booking moved after the job was made)', async () => {
    clock.set(new Date('2030-01-14T07:00:00Z'));
    const res = await t.request('POST', '/calendar/bookings', {
      key,
      body: bookingBody(eventTypeId, '2030-01-15T10:00:00Z'),
    });
    const uid = res.body.data.uid;
    const [{ organization_id: organizationId }] = await sql(
      'select organization_id from calendar.bookings where uid = ?',
      [uid],
    );
    await t.platform.jobs.enqueue(t.platform.orm.em.fork() as never, BOOKING_REMINDER_JOB, {
      organizationId,
      bookingUid: uid,
      minutesBefore: 5,
      startTime: '2030-01-15T09:00:00.000Z',
    });
    await eventually(async () => (await jobsOf(uid)).every((j) => j.minutesBefore !== 5));
    expect(await reminderEvents(uid)).toEqual([]);
  });
});
