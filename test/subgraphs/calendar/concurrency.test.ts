import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';
import { MONDAY_0750Z, bookingBody, hostWithEventType, scalePlan } from './helpers/calendar-fixtures.js';

describe('no double booking, ever', () => {
  let t: TestPlatform;
  let key: string;
  let eventTypeId: string;

  beforeAll(async () => {
    t = await startTestPlatform(
      {},
      { modules: [calendarModule({ clock: new ShiftedClock(MONDAY_0750Z), contactBookings: false })] },
    );
    key = await t.key('cal-race');
    await scalePlan(t, 'cal-race');
    eventTypeId = await hostWithEventType(t, key, 'user_racer');
  });
  afterAll(() => t.stop());

  const book = (start: string) =>
    t.request('POST', '/calendar/bookings', { key, body: bookingBody(eventTypeId, start) });
  const activeAt = async (from: string, to: string) => {
    const rows = await t.platform.orm.em
      .getConnection()
      .execute(
        `select count(*)::int as n from calendar.bookings where status in ('PENDING','CONFIRMED') and tstzrange(start_time, end_time) && tstzrange(?, ?)`,
        [from, to],
      );
    return rows[0].n as number;
  };

  it('should let exactly one of 50 concurrent bookings of one slot succeed; the others get 409 SLOT_UNAVAILABLE', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => book('2030-01-08T09:00:00Z')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'SLOT_UNAVAILABLE')).toBe(true);
    expect(await activeAt('2030-01-08T09:00:00Z', '2030-01-08T09:30:00Z')).toBe(1);
  });

  it('should let exactly one of 50 concurrent bookings at overlapping, different times succeed', async () => {
    // Starts 10:00 … 10:25 (30-minute meetings): every pair overlaps.
    const starts = Array.from({ length: 50 }, (_, i) => `2030-01-08T10:${String((i % 6) * 5).padStart(2, '0')}:00Z`);
    const results = await Promise.all(starts.map(book));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'SLOT_UNAVAILABLE')).toHaveLength(49);
    expect(await activeAt('2030-01-08T10:00:00Z', '2030-01-08T10:55:00Z')).toBe(1);
  });

  it('should let exactly one of concurrent reschedules into one slot succeed', async () => {
    const uids: string[] = [];
    for (let hour = 8; hour < 16; hour++) {
      const res = await book(`2030-01-09T${String(hour).padStart(2, '0')}:00:00Z`);
      expect(res.status).toBe(201);
      uids.push(res.body.data.uid);
    }
    const results = await Promise.all(
      uids.map((uid) =>
        t.request('POST', `/calendar/bookings/${uid}/reschedule`, { key, body: { startTime: '2030-01-10T09:00:00Z' } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'SLOT_UNAVAILABLE')).toHaveLength(
      uids.length - 1,
    );
    expect(await activeAt('2030-01-10T09:00:00Z', '2030-01-10T09:30:00Z')).toBe(1);
    // The losers kept their old times.
    expect(await activeAt('2030-01-09T08:00:00Z', '2030-01-09T16:00:00Z')).toBe(uids.length - 1);
  });

  it('should hold the daily limit under concurrent bookings of different slots', async () => {
    const limited = await hostWithEventType(t, key, 'user_limited', { title: 'Limited', dailyLimit: 2 });
    const starts = Array.from(
      { length: 10 },
      (_, i) => `2030-01-08T${String(8 + (i % 8)).padStart(2, '0')}:${i < 8 ? '00' : '30'}:00Z`,
    );
    const results = await Promise.all(
      starts.map((s) => t.request('POST', '/calendar/bookings', { key, body: bookingBody(limited, s) })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'DAILY_LIMIT')).toHaveLength(8);
  });

  it('should refuse an overlap written straight to the database (the constraint, not the service, decides)', async () => {
    const insert = (uid: string, start: string, end: string) =>
      t.platform.orm.em.getConnection().execute(
        `insert into calendar.bookings (uid, organization_id, event_type_id, host_id, title, status, start_time, end_time, blocked_start, blocked_end,
         buffer_before, buffer_after, attendee_name, attendee_email, attendee_timezone, location, created_at, updated_at)
       select ?, organization_id, id, host_id, 'x', 'CONFIRMED', ?, ?, ?, ?, 0, 0, 'x', 'x@example.com', 'UTC', '{"type":"VIDEO"}', now(), now()
         from calendar.event_types where id = ?`,
        [uid, start, end, start, end, eventTypeId],
      );
    await insert('booking_direct1', '2030-01-11T09:00:00Z', '2030-01-11T09:30:00Z');
    await expect(insert('booking_direct2', '2030-01-11T09:29:00Z', '2030-01-11T10:00:00Z')).rejects.toMatchObject({
      code: '23P01',
    });
    // Touching intervals are fine ([) ranges), and a cancelled booking holds nothing.
    await insert('booking_direct3', '2030-01-11T09:30:00Z', '2030-01-11T10:00:00Z');
    await t.platform.orm.em
      .getConnection()
      .execute(`update calendar.bookings set status = 'CANCELLED' where uid = 'booking_direct1'`);
    await insert('booking_direct4', '2030-01-11T09:00:00Z', '2030-01-11T09:30:00Z');
  });
});
