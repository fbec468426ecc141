import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';
import { fromIp, newVisitorIp } from '../forms/helpers/public-client.js';
import { MONDAY_0750Z, createEventType, hostWithEventType } from './helpers/calendar-fixtures.js';

const ORG = 'cal-book-page';
const BASE = `/calendar/public/${ORG}`;

describe('calendar public booking JSON through the stack', () => {
  let t: TestPlatform;
  let key: string;
  const ip = newVisitorIp();
  const get = (path: string, from = ip) => fromIp(t.url, from, 'GET', path);
  const book = (body: unknown, from = ip, slug = 'intro') =>
    fromIp(t.url, from, 'POST', `${BASE}/${slug}/bookings`, { body });
  const booker = (start: string, extra: Record<string, unknown> = {}) => ({
    start,
    timeZone: 'America/New_York',
    name: 'Ada Booker',
    email: 'Ada@Example.com',
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestPlatform(
      {},
      { modules: [calendarModule({ clock: new ShiftedClock(MONDAY_0750Z), contactBookings: false })] },
    );
    key = await t.key(ORG);
    await hostWithEventType(t, key, 'user_pubhost', {
      title: 'Intro <call>',
      slug: 'intro',
      description: 'Say hello',
      durations: [30, 60],
      public: true,
      bufferAfter: 15,
    });
    await createEventType(t, key, 'user_pubhost', { title: 'Secret', slug: 'secret' });
  });
  afterAll(() => t.stop());

  it('should show a public event type without a key: title, description, durations, location kind, host zone, nothing of the host', async () => {
    const res = await get(`${BASE}/intro`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      organizationSlug: ORG,
      slug: 'intro',
      title: 'Intro <call>',
      description: 'Say hello',
      duration: 30,
      durations: [30, 60],
      locationType: 'VIDEO',
      timeZone: 'Europe/Berlin',
      requiresConfirmation: false,
      bookingQuestions: [],
    });
  });

  it('should answer the same 404 for a private, an unknown event type and an unknown organization', async () => {
    const answers = await Promise.all([
      get(`${BASE}/secret`),
      get(`${BASE}/nothing-here`),
      get('/calendar/public/no-such-org/intro'),
      get(`${BASE}/secret/slots`),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        success: false,
        error: { code: 'NOT_FOUND', message: answers[0]!.body.error.message },
      });
    }
    const privateBooking = await book(booker('2030-01-08T09:00:00+01:00'), ip, 'secret');
    expect(privateBooking.status).toBe(404);
    expect(privateBooking.body.error.message).toBe(answers[0]!.body.error.message);
  });

  it("should list free slots in the booker's zone from the module's availability", async () => {
    const res = await get(`${BASE}/intro/slots?from=2030-01-07&to=2030-01-08&timeZone=America/New_York&duration=60`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ timeZone: 'America/New_York', duration: 60 });
    const [monday] = res.body.data.days;
    expect(monday.date).toBe('2030-01-07');
    // Berlin 09:00 is 03:00 in New York; a 60-minute meeting with its 15-minute buffer after.
    expect(monday.slots[0]).toMatchObject({ startTime: '03:00', endTime: '04:00' });
    expect(new Date(monday.slots[0].start).toISOString()).toBe('2030-01-07T08:00:00.000Z');
  });

  it("should book through the API's rules: the booking is the API's, a taken slot is 409 SLOT_UNAVAILABLE", async () => {
    const res = await book(booker('2030-01-08T04:00:00-05:00'));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'CONFIRMED',
      title: 'Intro <call>',
      timeZone: 'America/New_York',
      name: 'Ada Booker',
      email: 'ada@example.com',
      locationType: 'VIDEO',
    });
    expect(res.body.data.ics).toContain('DTSTART:20300108T090000Z');
    const stored = await t.request('GET', `/calendar/bookings/${res.body.data.uid}`, { key });
    expect(stored.body.data).toMatchObject({
      startTime: '2030-01-08T09:00:00.000Z',
      endTime: '2030-01-08T09:30:00.000Z',
      attendee: { name: 'Ada Booker', email: 'ada@example.com', timezone: 'America/New_York' },
    });
    const again = await book(booker('2030-01-08T09:00:00Z', { name: 'Bo' }), newVisitorIp());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, error: { code: 'SLOT_UNAVAILABLE' } });
    // 10:00–10:30 in Berlin, and its 15-minute buffer after: 09:30 (whose end would run into it) and 10:30 are gone, 11:00 is free.
    const slots = await get(`${BASE}/intro/slots?from=2030-01-08&to=2030-01-08&timeZone=Europe/Berlin`);
    const starts = slots.body.data.days[0].slots.map((s: { startTime: string }) => s.startTime);
    expect(starts).toEqual(expect.arrayContaining(['09:00', '11:00']));
    for (const gone of ['09:30', '10:00', '10:30']) expect(starts).not.toContain(gone);
  });

  it('should let one of two concurrent bookings of one slot succeed and answer the other 409', async () => {
    const [a, b] = await Promise.all([
      book(booker('2030-01-09T10:00:00+01:00', { email: 'a@example.com' }), newVisitorIp()),
      book(booker('2030-01-09T10:00:00+01:00', { email: 'b@example.com' }), newVisitorIp()),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.error.code).toBe('SLOT_UNAVAILABLE');
  });

  it.each([
    ['no body fields', {}],
    ['a start without offset', booker('2030-01-08T10:00:00')],
    ['a bad email', booker('2030-01-08T10:00:00Z', { email: 'not-an-email' })],
    ['an empty name', booker('2030-01-08T10:00:00Z', { name: '' })],
    ['an unknown time zone', booker('2030-01-08T10:00:00Z', { timeZone: 'Mars/Olympus' })],
    ['a duration not offered', booker('2030-01-08T10:00:00Z', { duration: 45 })],
    ['a start in the past', booker('2029-12-31T10:00:00Z')],
    ['a body that is not an object', [1, 2]],
  ])('should refuse %s with 400 in the platform envelope', async (_name, body) => {
    const res = await book(body, newVisitorIp());
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.error.code).toBe('string');
  });

  it.each([
    ['from', 'from=2030-13-01'],
    ['to', 'from=2030-01-07&to=07.01.2030'],
    ['timeZone', 'timeZone=Mars/Olympus'],
  ])('should refuse a bad %s query with 400 naming it', async (field, query) => {
    const res = await get(`${BASE}/intro/slots?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe(field);
  });

  it('should count bookings per IP: the eleventh in a minute is 429', async () => {
    const visitor = newVisitorIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await book({}, visitor)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
