import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';
import { MONDAY_0750Z, bookingBody, createEventType, hostWithEventType } from './helpers/calendar-fixtures.js';

describe('calendar dashboard queries', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform(
      {},
      { modules: [calendarModule({ clock: new ShiftedClock(MONDAY_0750Z), contactBookings: false })] },
    );
    key = await t.key('cal-dash');
    const et = await hostWithEventType(t, key, 'user_dash');
    const pendingEt = await createEventType(t, key, 'user_dash', { title: 'Pending', requiresConfirmation: true });
    const book = async (id: string, start: string) =>
      (await t.request('POST', '/calendar/bookings', { key, body: bookingBody(id, start) })).body.data.uid;
    await book(et, '2030-01-08T09:00:00Z');
    const cancelled = await book(et, '2030-01-08T10:00:00Z');
    await t.request('POST', `/calendar/bookings/${cancelled}/cancel`, { key, body: {} });
    await book(et, '2030-01-09T09:00:00Z');
    await book(et, '2030-01-10T09:00:00Z');
    const rejected = await book(pendingEt, '2030-01-09T13:00:00Z');
    await t.request('POST', `/calendar/bookings/${rejected}/reject`, { key, body: {} });
    await book(pendingEt, '2030-01-09T14:00:00Z');
    // 23:30 UTC Wednesday is Thursday in Berlin: per-day counts follow the asked zone.
    await t.request('POST', '/calendar/schedules', {
      key,
      body: {
        hostId: 'user_night',
        name: 'N',
        timezone: 'UTC',
        availability: [{ day: 'WEDNESDAY', startTime: '23:00', endTime: '24:00' }],
      },
    });
    await book(await createEventType(t, key, 'user_night'), '2030-01-09T23:30:00Z');
  });
  afterAll(() => t.stop());

  const q = (query: string, k = key) => t.graphql(k, query);

  it('should count bookings per day of their start by status, in the asked zone', async () => {
    const utc = await q(
      '{ calendarBookingsPerDay(fromDate: "2030-01-07", toDate: "2030-01-12") { date total confirmed pending cancelled rejected } }',
    );
    expect(utc.body.data.calendarBookingsPerDay).toEqual([
      { date: '2030-01-08', total: 2, confirmed: 1, pending: 0, cancelled: 1, rejected: 0 },
      { date: '2030-01-09', total: 4, confirmed: 2, pending: 1, cancelled: 0, rejected: 1 },
      { date: '2030-01-10', total: 1, confirmed: 1, pending: 0, cancelled: 0, rejected: 0 },
    ]);
    const berlin = await q(
      '{ calendarBookingsPerDay(fromDate: "2030-01-09", toDate: "2030-01-10", timezone: "Europe/Berlin") { date total } }',
    );
    expect(berlin.body.data.calendarBookingsPerDay).toEqual([
      { date: '2030-01-09', total: 3 },
      { date: '2030-01-10', total: 2 },
    ]);
  });

  it('should give the cancellation rate', async () => {
    const res = await q(
      '{ calendarCancellationRate(fromDate: "2030-01-07", toDate: "2030-01-12") { total cancelled rejected cancellationRate } }',
    );
    expect(res.body.data.calendarCancellationRate).toEqual({
      total: 7,
      cancelled: 1,
      rejected: 1,
      cancellationRate: 1 / 7,
    });
    const none = await q(
      '{ calendarCancellationRate(fromDate: "2031-01-01", toDate: "2031-01-02") { total cancellationRate } }',
    );
    expect(none.body.data.calendarCancellationRate).toEqual({ total: 0, cancellationRate: 0 });
  });

  it('should rank the busiest weekday and start time among active bookings', async () => {
    const res = await q(
      '{ calendarBusiestSlots(fromDate: "2030-01-07", toDate: "2030-01-12", limit: 2) { day time count } }',
    );
    expect(res.body.data.calendarBusiestSlots).toEqual([
      { day: 'TUESDAY', time: '09:00', count: 1 },
      { day: 'WEDNESDAY', time: '09:00', count: 1 },
    ]);
  });

  it('should refuse bad ranges and zones with clear errors, and show nothing of other organizations', async () => {
    const bad = await q('{ calendarBookingsPerDay(fromDate: "2030-01-10", toDate: "2030-01-01") { date } }');
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'INVALID_REQUEST', details: { field: 'toDate' } });
    const zone = await q('{ calendarBusiestSlots(timezone: "Moon/Base") { day } }');
    expect(zone.body.errors[0].extensions.code).toBe('INVALID_TIMEZONE');
    const other = await t.key('cal-dash-other');
    expect(
      (await q('{ calendarBookingsPerDay(fromDate: "2030-01-07", toDate: "2030-01-12") { date } }', other)).body.data
        .calendarBookingsPerDay,
    ).toEqual([]);
  });
});
