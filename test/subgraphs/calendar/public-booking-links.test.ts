import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';
import { bookingLinkToken } from '../../../subgraphs/calendar/public/booking-link-token.js';
import { fromIp, newVisitorIp } from '../forms/helpers/public-client.js';
import { MONDAY_0750Z, hostWithEventType } from './helpers/calendar-fixtures.js';

const ORG = 'cal-book-links';
const SECRET = 'booking-links-test-secret-0123456789abcdef';

describe('calendar signed booking links (cancel and reschedule by the attendee) through the stack', () => {
  let t: TestPlatform;
  let key: string;
  const ip = newVisitorIp();
  const book = async (start: string): Promise<string> => {
    const res = await fromIp(t.url, newVisitorIp(), 'POST', `/calendar/public/${ORG}/talk/bookings`, {
      body: { start, timeZone: 'Asia/Tokyo', name: 'Kei', email: 'kei@example.com' },
    });
    expect(res.status).toBe(201);
    return res.body.data.uid;
  };

  beforeAll(async () => {
    t = await startTestPlatform(
      { INTERNAL_SECRET: SECRET, PUBLIC_URL: 'https://cal.example.com' },
      { modules: [emailModule(), calendarModule({ clock: new ShiftedClock(MONDAY_0750Z), contactBookings: false })] },
    );
    key = await t.key(ORG);
    await hostWithEventType(t, key, 'user_linkhost', { title: 'Talk', slug: 'talk', public: true });
  });
  afterAll(() => t.stop());

  it("should put the signed reschedule and cancel links into the attendee's confirmation email", async () => {
    const uid = await book('2030-01-11T10:00:00+01:00');
    const text = await eventually(async () => {
      const rows = await t.platform.orm.em
        .getConnection()
        .execute(`select text from email.messages where text like ?`, [`%${uid}%`]);
      return rows[0]?.text as string | undefined;
    });
    expect(text).toContain(
      `Cancel: https://cal.example.com/book/bookings/${uid}/cancel?token=${bookingLinkToken(SECRET, uid)}`,
    );
    expect(text).toContain(
      `Reschedule: https://cal.example.com/book/bookings/${uid}/reschedule?token=${bookingLinkToken(SECRET, uid)}`,
    );
  });

  it('should show the booking only with its own token, the same 404 otherwise', async () => {
    const uid = await book('2030-01-08T10:00:00+01:00');
    const other = await book('2030-01-08T11:00:00+01:00');
    const good = await fromIp(
      t.url,
      ip,
      'GET',
      `/calendar/booking-links/${uid}?token=${bookingLinkToken(SECRET, uid)}`,
    );
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({
      uid,
      status: 'CONFIRMED',
      title: 'Talk',
      timeZone: 'Asia/Tokyo',
      name: 'Kei',
    });
    expect(JSON.stringify(good.body)).not.toContain('hana@example.com');
    const refusals = await Promise.all([
      fromIp(t.url, ip, 'GET', `/calendar/booking-links/${uid}?token=${bookingLinkToken(SECRET, other)}`),
      fromIp(
        t.url,
        ip,
        'GET',
        `/calendar/booking-links/booking_nope?token=${bookingLinkToken(SECRET, 'booking_nope')}`,
      ),
      fromIp(t.url, ip, 'GET', `/calendar/booking-links/${uid}?token=x`),
    ]);
    for (const res of refusals)
      expect(res.body).toMatchObject({
        success: false,
        error: { code: 'NOT_FOUND', message: refusals[0]!.body.error.message },
      });
    expect(refusals.map((r) => r.status)).toEqual([404, 404, 404]);
  });

  it("should let the attendee cancel with the token: the API's own cancel, by the attendee; bad bodies 400", async () => {
    const uid = await book('2030-01-09T10:00:00+01:00');
    const token = bookingLinkToken(SECRET, uid);
    const cancel = (body: unknown) =>
      fromIp(t.url, newVisitorIp(), 'POST', `/calendar/booking-links/${uid}/cancel`, { body });
    expect((await cancel({ token: bookingLinkToken(SECRET, 'booking_other') })).status).toBe(404);
    expect((await cancel({})).status).toBe(400);
    expect((await cancel({ token, reason: 'x'.repeat(1001) })).status).toBe(400);
    const done = await cancel({ token, reason: 'Something came up' });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('CANCELLED');
    const stored = await t.request('GET', `/calendar/bookings/${uid}`, { key });
    expect(stored.body.data).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'attendee',
      cancellationReason: 'Something came up',
    });
    expect((await cancel({ token })).status).toBe(400);
  });

  it("should serve the cancel page of the email's link, its post guarded by origin and a signed form token", async () => {
    const uid = await book('2030-01-10T10:00:00+01:00');
    const path = `/book/bookings/${uid}/cancel?token=${bookingLinkToken(SECRET, uid)}`;
    const page = await fromIp(t.url, ip, 'GET', path, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/nonce-/);
    expect(page.body).toContain('Thursday 10 January 2030, 18:00 (Asia/Tokyo)');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const origin = { origin: t.url };
    const post = (form: Record<string, string>, headers: Record<string, string> = origin) =>
      fromIp(t.url, ip, 'POST', `/book/bookings/${uid}/cancel`, { body: new URLSearchParams(form), headers });
    expect((await post({ token: bookingLinkToken(SECRET, uid) })).status).toBe(403);
    expect(
      (await post({ token: bookingLinkToken(SECRET, uid), _csrf: csrf }, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect((await post({ token: 'wrong', _csrf: csrf })).status).toBe(404);
    const done = await post({ token: bookingLinkToken(SECRET, uid), _csrf: csrf, reason: 'Ill' });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Booking cancelled');
    expect((await t.request('GET', `/calendar/bookings/${uid}`, { key })).body.data.status).toBe('CANCELLED');
    expect(
      (await fromIp(t.url, ip, 'GET', `/book/bookings/${uid}/cancel?token=nope`, { headers: { accept: 'text/html' } }))
        .status,
    ).toBe(404);
  });

  it("should offer the event type's free slots at the booking's length, only with the link's token", async () => {
    const uid = await book('2030-01-14T10:00:00+01:00');
    const token = bookingLinkToken(SECRET, uid);
    const res = await fromIp(
      t.url,
      ip,
      'GET',
      `/calendar/booking-links/${uid}/slots?token=${token}&from=2030-01-15&to=2030-01-15&timeZone=Europe/Berlin`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ timeZone: 'Europe/Berlin', duration: 30 });
    expect(res.body.data.days[0].slots[0]).toMatchObject({ startTime: '09:00', start: '2030-01-15T09:00:00+01:00' });
    expect((await fromIp(t.url, ip, 'GET', `/calendar/booking-links/${uid}/slots?token=nope`)).status).toBe(404);
    expect(
      (await fromIp(t.url, ip, 'GET', `/calendar/booking-links/${uid}/slots?token=${token}&from=soon`)).status,
    ).toBe(400);
  });

  it("should move the booking through the API's reschedule: same 404s, 409 when taken or cancelled, 400 for bad bodies", async () => {
    const uid = await book('2030-01-15T10:00:00+01:00');
    await book('2030-01-15T14:00:00+01:00');
    const token = bookingLinkToken(SECRET, uid);
    const move = (body: unknown, id = uid) =>
      fromIp(t.url, newVisitorIp(), 'POST', `/calendar/booking-links/${id}/reschedule`, { body });
    const refusals = await Promise.all([
      move({ token: bookingLinkToken(SECRET, 'booking_other'), start: '2030-01-15T12:00:00+01:00', timeZone: 'UTC' }),
      move(
        { token: bookingLinkToken(SECRET, 'booking_nope'), start: '2030-01-15T12:00:00+01:00', timeZone: 'UTC' },
        'booking_nope',
      ),
    ]);
    expect(refusals.map((r) => [r.status, r.body.error.code])).toEqual([
      [404, 'NOT_FOUND'],
      [404, 'NOT_FOUND'],
    ]);
    expect(refusals[1]!.body.error.message).toBe(refusals[0]!.body.error.message);
    for (const body of [
      { token, start: '2030-01-15T12:00:00', timeZone: 'UTC' },
      { token, start: '2030-01-15T12:00:00Z', timeZone: 'Mars/Base' },
      { token, start: '2030-01-15T12:00:00Z' },
      { token, start: '2030-01-15T12:00:00Z', timeZone: 'UTC', name: 'Eve' },
    ]) {
      const res = await move(body);
      expect([res.status, res.body.success]).toEqual([400, false]);
    }
    const taken = await move({ token, start: '2030-01-15T14:15:00+01:00', timeZone: 'UTC' });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'SLOT_UNAVAILABLE']);
    const moved = await move({ token, start: '2030-01-16T11:30:00+01:00', timeZone: 'Europe/Lisbon' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      uid,
      status: 'CONFIRMED',
      startTime: '2030-01-16T10:30:00.000Z',
      endTime: '2030-01-16T11:00:00.000Z',
      timeZone: 'Europe/Lisbon',
    });
    const stored = (await t.request('GET', `/calendar/bookings/${uid}`, { key })).body.data;
    expect(stored).toMatchObject({
      startTime: '2030-01-16T10:30:00.000Z',
      status: 'CONFIRMED',
      attendee: { timezone: 'Europe/Lisbon' },
    });
    const mail = await eventually(async () => {
      const rows = await t.platform.orm.em
        .getConnection()
        .execute(`select subject from email.messages where text like ? and subject like 'Rescheduled%'`, [`%${uid}%`]);
      return rows[0]?.subject as string | undefined;
    });
    expect(mail).toContain('Wednesday 16 January 2030, 10:30 (Europe/Lisbon)');
    expect((await fromIp(t.url, ip, 'POST', `/calendar/booking-links/${uid}/cancel`, { body: { token } })).status).toBe(
      200,
    );
    const cancelled = await move({ token, start: '2030-01-17T11:30:00+01:00', timeZone: 'UTC' });
    expect([cancelled.status, cancelled.body.error.code]).toEqual([409, 'CONFLICT']);
  });

  it('should serve the reschedule page of the email\'s link with the current time, "not found" for a wrong token', async () => {
    const uid = await book('2030-01-17T10:00:00+01:00');
    const page = await fromIp(
      t.url,
      ip,
      'GET',
      `/book/bookings/${uid}/reschedule?token=${bookingLinkToken(SECRET, uid)}`,
      { headers: { accept: 'text/html' } },
    );
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/nonce-/);
    expect(page.body).toContain('Thursday 17 January 2030, 18:00 (Asia/Tokyo)');
    expect(page.body).toContain(`/calendar/booking-links/${uid}/reschedule`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const token of ['nope', bookingLinkToken(SECRET, 'booking_other')]) {
      expect(
        (
          await fromIp(t.url, ip, 'GET', `/book/bookings/${uid}/reschedule?token=${token}`, {
            headers: { accept: 'text/html' },
          })
        ).status,
      ).toBe(404);
    }
  });
});
