import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';
import { MONDAY_0750Z, bookingBody, createEventType, hostWithEventType } from './helpers/calendar-fixtures.js';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);

describe('calendar availability and bookings through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let eventTypeId: string;
  const clock = new ShiftedClock(MONDAY_0750Z);

  beforeAll(async () => {
    t = await startTestPlatform(
      { PUBLIC_URL: 'https://api.example.com' },
      { modules: [emailModule(), calendarModule({ clock, contactBookings: false })] },
    );
    key = await t.key('cal-book');
    eventTypeId = await hostWithEventType(t, key, 'user_host1');
  });
  afterAll(() => t.stop());

  const book = (body: unknown, k = key) => t.request('POST', '/calendar/bookings', { key: k, body });
  const availability = (query: string) => t.request('GET', `/calendar/availability?${query}`, { key });

  it("should list Monday's slots of a Berlin 09:00–17:00 schedule in the viewer's zone (New York, EST)", async () => {
    const res = await availability(
      `eventTypeId=${eventTypeId}&startDate=2030-01-07&endDate=2030-01-08&timezone=America/New_York`,
    );
    expect(res.status).toBe(200);
    const [monday, tuesday] = res.body.data.days;
    expect(res.body.data).toMatchObject({
      eventTypeId,
      hostId: 'user_host1',
      timezone: 'America/New_York',
      duration: 30,
    });
    // 09:00 Berlin (CET) = 08:00Z = 03:00 EST; the last 30-minute slot starts 16:30 Berlin = 10:30 EST.
    expect(monday.date).toBe('2030-01-07');
    expect(monday.slots).toHaveLength(16);
    expect(monday.slots[0]).toEqual({
      startTime: '03:00',
      endTime: '03:30',
      start: '2030-01-07T03:00:00-05:00',
      end: '2030-01-07T03:30:00-05:00',
    });
    expect(monday.slots[15]).toMatchObject({ startTime: '10:30', endTime: '11:00' });
    expect(tuesday).toMatchObject({ date: '2030-01-08' });
    expect(tuesday.slots).toHaveLength(16);
  });

  it('should create a CONFIRMED booking with the result of the spec', async () => {
    const res = await book(
      bookingBody(eventTypeId, '2030-01-07T10:00:00+01:00', {
        notes: 'Agenda',
        responses: { topic: 'x' },
        metadata: { ref: 7 },
      }),
    );
    expect(res.status).toBe(201);
    const uid = res.body.data.uid;
    expect(res.body).toEqual({
      success: true,
      data: {
        uid: expect.stringMatching(/^booking_/),
        eventTypeId,
        title: 'Meeting',
        status: 'CONFIRMED',
        startTime: '2030-01-07T09:00:00.000Z',
        endTime: '2030-01-07T09:30:00.000Z',
        attendee: { name: 'Ada Attendee', email: 'ada@example.com', timezone: 'America/New_York' },
        host: { id: 'user_host1', name: 'Hana Host', email: 'hana@example.com' },
        location: { type: 'VIDEO', url: null, phone: null, address: null },
        meetingUrl: `https://api.example.com/calendar/meet/${uid}`,
        rescheduleUrl: `https://api.example.com/calendar/bookings/${uid}/reschedule`,
        cancelUrl: `https://api.example.com/calendar/bookings/${uid}/cancel`,
        notes: 'Agenda',
        responses: { topic: 'x' },
        metadata: { ref: 7 },
        cancellationReason: null,
        cancelledBy: null,
        rejectionReason: null,
        rescheduleReason: null,
        createdAt: ISO,
        updatedAt: ISO,
      },
    });
    expect((await t.request('GET', `/calendar/bookings/${uid}`, { key })).body.data).toEqual(res.body.data);
  });

  it('should refuse the same or an overlapping time with 409 SLOT_UNAVAILABLE and drop it from availability', async () => {
    const same = await book(bookingBody(eventTypeId, '2030-01-07T09:00:00Z'));
    expect(same.status).toBe(409);
    expect(same.body).toEqual({
      success: false,
      error: {
        code: 'SLOT_UNAVAILABLE',
        message: expect.any(String),
        details: { startTime: '2030-01-07T09:00:00.000Z' },
      },
    });
    expect((await book(bookingBody(eventTypeId, '2030-01-07T09:15:00Z'))).body.error.code).toBe('SLOT_UNAVAILABLE');
    const res = await availability(`eventTypeId=${eventTypeId}&startDate=2030-01-07&endDate=2030-01-07&timezone=UTC`);
    const times = res.body.data.days[0].slots.map((s: any) => s.startTime);
    expect(times).not.toContain('09:00');
    expect(times).toContain('08:30');
    expect(times).toContain('09:30');
  });

  it("should block another event type of the same host too, with both bookings' buffers", async () => {
    const buffered = await createEventType(t, key, 'user_host1', {
      title: 'Buffered',
      bufferBefore: 15,
      bufferAfter: 10,
    });
    // The 09:00–09:30 booking has no buffers; this type needs 15 minutes before: 09:30 + 15 → the first start is 09:45.
    const res = await availability(`eventTypeId=${buffered}&startDate=2030-01-07&endDate=2030-01-07&timezone=UTC`);
    const times = res.body.data.days[0].slots.map((s: any) => s.startTime);
    expect(times.slice(0, 2)).toEqual(['08:00', '10:00']); // 08:30 ends 09:00 + 10 after > 09:00
    expect((await book(bookingBody(buffered, '2030-01-07T09:30:00Z'))).body.error.code).toBe('SLOT_UNAVAILABLE');
    expect((await book(bookingBody(buffered, '2030-01-07T08:30:00Z'))).body.error.code).toBe('SLOT_UNAVAILABLE');
    expect((await book(bookingBody(buffered, '2030-01-07T09:45:00Z'))).status).toBe(201);
  });

  it.each([
    ['a time in the past', '2030-01-07T07:00:00Z', {}, 400, 'PAST_BOOKING'],
    ['a time outside the schedule (Saturday)', '2030-01-12T10:00:00Z', {}, 409, 'HOST_UNAVAILABLE'],
    ['a time past the end of the day', '2030-01-08T15:45:00Z', {}, 409, 'HOST_UNAVAILABLE'],
  ])('should refuse %s', async (_name, start, extra, status, code) => {
    const res = await book(bookingBody(eventTypeId, start, extra));
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
  });

  it('should apply minimum notice, maximum advance, the daily limit and the active flag', async () => {
    const notice = await createEventType(t, key, 'user_host1', { title: 'Notice', minimumNotice: 240 });
    const tooSoon = await book(bookingBody(notice, '2030-01-07T10:30:00Z'));
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.error).toMatchObject({ code: 'MINIMUM_NOTICE', details: { minimumNotice: 240 } });
    expect((await book(bookingBody(notice, '2030-01-07T12:00:00Z'))).status).toBe(201);

    const advance = await createEventType(t, key, 'user_host1', { title: 'Advance', maximumAdvance: 1500 });
    expect((await book(bookingBody(advance, '2030-01-09T10:00:00Z'))).body.error).toMatchObject({
      code: 'MAXIMUM_ADVANCE',
      details: { maximumAdvance: 1500 },
    });
    const days = (await availability(`eventTypeId=${advance}&startDate=2030-01-07&endDate=2030-01-09&timezone=UTC`))
      .body.data.days;
    expect(days[2].slots).toEqual([]);
    // now + 1500 min ≈ Tuesday 08:50Z: Tuesday keeps 08:00 and 08:30 only.
    expect(days[1].slots.map((s: any) => s.startTime)).toEqual(['08:00', '08:30']);

    const limited = await createEventType(t, key, 'user_host2', { title: 'Limited', dailyLimit: 1 });
    await t.request('POST', '/calendar/schedules', {
      key,
      body: { hostId: 'user_host2', name: 'W', timezone: 'Europe/Berlin' },
    });
    expect((await book(bookingBody(limited, '2030-01-08T09:00:00Z'))).status).toBe(201);
    const full = await book(bookingBody(limited, '2030-01-08T11:00:00Z'));
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ code: 'DAILY_LIMIT', details: { date: '2030-01-08', dailyLimit: 1 } });
    const limitedDays = (
      await availability(`eventTypeId=${limited}&startDate=2030-01-08&endDate=2030-01-09&timezone=Europe/Berlin`)
    ).body.data.days;
    expect(limitedDays[0].slots).toEqual([]);
    expect(limitedDays[1].slots.length).toBe(16);

    await t.request('PATCH', `/calendar/event-types/${notice}`, { key, body: { active: false } });
    const inactive = await book(bookingBody(notice, '2030-01-08T12:00:00Z'));
    expect(inactive.status).toBe(409);
    expect(inactive.body.error.code).toBe('EVENT_TYPE_INACTIVE');
    expect((await availability(`eventTypeId=${notice}`)).body.error.code).toBe('EVENT_TYPE_INACTIVE');
  });

  it('should give HOST_UNAVAILABLE when the host has no schedule', async () => {
    const orphan = await createEventType(t, key, 'user_noschedule');
    expect((await book(bookingBody(orphan, '2030-01-08T09:00:00Z'))).body.error.code).toBe('HOST_UNAVAILABLE');
    expect((await availability(`eventTypeId=${orphan}`)).body.error.code).toBe('HOST_UNAVAILABLE');
  });

  it('should offer multi-duration types in the asked length only', async () => {
    const multi = await createEventType(t, key, 'user_host3', { title: 'Multi', duration: 30, durations: [30, 60] });
    await t.request('POST', '/calendar/schedules', {
      key,
      body: {
        hostId: 'user_host3',
        name: 'W',
        timezone: 'UTC',
        availability: [{ day: 'TUESDAY', startTime: '09:00', endTime: '11:00' }],
      },
    });
    const hour = await availability(`eventTypeId=${multi}&startDate=2030-01-08&endDate=2030-01-08&duration=60`);
    expect(hour.body.data.days[0].slots.map((s: any) => `${s.startTime}-${s.endTime}`)).toEqual([
      '09:00-10:00',
      '10:00-11:00',
    ]);
    expect((await availability(`eventTypeId=${multi}&duration=45`)).body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'duration', received: 45, expected: [30, 60] },
    });
    const long = await book(bookingBody(multi, '2030-01-08T09:00:00Z', { duration: 60 }));
    expect(long.body.data.endTime).toBe('2030-01-08T10:00:00.000Z');
  });

  it.each([
    ['no eventTypeId', '', 'INVALID_REQUEST', 'eventTypeId'],
    ['a bad viewer zone', 'timezone=Nowhere/City', 'INVALID_TIMEZONE', 'timezone'],
    ['a bad date', 'startDate=2030-13-01', 'INVALID_REQUEST', 'startDate'],
    ['an end before the start', 'startDate=2030-01-08&endDate=2030-01-07', 'INVALID_REQUEST', 'endDate'],
    ['more than 62 days', 'startDate=2030-01-01&endDate=2030-06-01', 'INVALID_REQUEST', 'endDate'],
    ['another host', 'hostId=user_other', 'INVALID_REQUEST', 'hostId'],
  ])('should answer availability with %s with a 400', async (_name, query, code, field) => {
    const res = await availability(
      query ? `eventTypeId=${_name === 'no eventTypeId' ? '' : eventTypeId}&${query}` : '',
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code, details: { field } });
  });

  it.each([
    ['no attendee', { attendee: undefined }, 'INVALID_REQUEST', 'attendee'],
    [
      'a bad attendee zone',
      { attendee: { name: 'A', email: 'a@b.co', timezone: 'Europe/Nowhere' } },
      'INVALID_TIMEZONE',
      'attendee.timezone',
    ],
    [
      'a bad email',
      { attendee: { name: 'A', email: 'not-an-email', timezone: 'UTC' } },
      'INVALID_REQUEST',
      'attendee.email',
    ],
    ['a start without offset', { startTime: '2030-01-08T10:00:00' }, 'INVALID_REQUEST', 'startTime'],
    ['an impossible date', { startTime: '2030-02-30T10:00:00Z' }, 'INVALID_REQUEST', 'startTime'],
    ['an unknown field', { colour: 'red' }, 'INVALID_REQUEST', 'colour'],
    ['metadata that is not an object', { metadata: [1] }, 'INVALID_REQUEST', 'metadata'],
    [
      'a name with a line break (it goes into email subjects)',
      { attendee: { name: 'A\r\nBcc: x@y.z', email: 'a@b.co', timezone: 'UTC' } },
      'INVALID_REQUEST',
      'attendee.name',
    ],
  ])('should refuse a booking with %s (400)', async (_name, change, code, field) => {
    const res = await book({ ...bookingBody(eventTypeId, '2030-01-08T10:00:00Z'), ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: { code, message: expect.any(String), details: expect.objectContaining({ field }) },
    });
  });

  it('should 404 an unknown event type or booking, and a body that is not an object is a 400', async () => {
    expect((await book(bookingBody('et_nope', '2030-01-08T10:00:00Z'))).status).toBe(404);
    expect((await t.request('GET', '/calendar/bookings/booking_nope', { key })).status).toBe(404);
    expect((await t.request('POST', '/calendar/bookings', { key, body: [1, 2] })).status).toBe(400);
  });

  it('should list bookings with every filter, earliest first', async () => {
    const all = await t.request('GET', '/calendar/bookings', { key });
    expect(all.status).toBe(200);
    const starts = all.body.data.map((b: any) => b.startTime);
    expect([...starts].sort()).toEqual(starts);
    expect(all.body.meta).toMatchObject({ offset: 0, total: all.body.data.length, hasMore: false });
    const byType = await t.request('GET', `/calendar/bookings?eventTypeId=${eventTypeId}`, { key });
    expect(byType.body.data.map((b: any) => b.startTime)).toEqual(['2030-01-07T09:00:00.000Z']);
    const tuesday = await t.request('GET', '/calendar/bookings?startDate=2030-01-08&endDate=2030-01-08', { key });
    expect(tuesday.body.data.length).toBeGreaterThan(0);
    expect(tuesday.body.data.every((b: any) => b.startTime.startsWith('2030-01-08'))).toBe(true);
    expect(
      (await t.request('GET', '/calendar/bookings?attendeeEmail=ADA@example.com&count=1', { key })).body.meta,
    ).toMatchObject({ count: 1, hasMore: true });
    expect((await t.request('GET', '/calendar/bookings?attendeeEmail=nobody@example.com', { key })).body.data).toEqual(
      [],
    );
    expect((await t.request('GET', '/calendar/bookings?status=PENDING', { key })).body.data).toEqual([]);
    expect((await t.request('GET', '/calendar/bookings?status=DONE', { key })).body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'status', received: 'DONE' },
    });
    expect((await t.request('GET', '/calendar/bookings?count=101', { key })).status).toBe(400);
    expect(
      (await t.request('GET', '/calendar/bookings?startDate=yesterday', { key })).body.error.details,
    ).toMatchObject({ field: 'startDate' });
  });

  it('should keep other organizations out', async () => {
    const other = await t.key('cal-book-other');
    const mine = (await t.request('GET', '/calendar/bookings', { key })).body.data[0];
    expect((await t.request('GET', `/calendar/bookings/${mine.uid}`, { key: other })).status).toBe(404);
    expect((await t.request('GET', '/calendar/bookings', { key: other })).body.data).toEqual([]);
    expect((await t.request('POST', `/calendar/bookings/${mine.uid}/cancel`, { key: other, body: {} })).status).toBe(
      404,
    );
    expect((await book(bookingBody(eventTypeId, '2030-01-08T13:00:00Z'), other)).status).toBe(404);
  });
});
