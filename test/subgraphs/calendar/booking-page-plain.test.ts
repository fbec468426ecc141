import { DateTime } from 'luxon';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { PagePostGuard } from '../../../platform/http/html/page-post-guard.js';
import { dayName } from '../../../subgraphs/calendar/hosted/plain-slots.view.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';
import { bookingLinkToken } from '../../../subgraphs/calendar/public/booking-link-token.js';
import { fromIp, newVisitorIp, type PublicResponse } from '../forms/helpers/public-client.js';
import { MONDAY_0750Z, hostWithEventType } from './helpers/calendar-fixtures.js';

const ORG = 'cal-plain-page';
const SECRET = 'plain-booking-page-test-secret-0123456789';
const PAGE = `/book/${ORG}/talk`;
const HTML = { accept: 'text/html' };

interface Radio {
  value: string;
  label: string;
}

/** The slot radio buttons of a plain page, in order: value (the slot's start) and label ("09:30"). */
const radios = (page: string): Radio[] =>
  [
    ...page.matchAll(
      /<label class="slot-choice"><input type="radio" name="start" value="([^"]+)"[^>]*>([^<]+)<\/label>/g,
    ),
  ].map((m) => ({ value: m[1]!, label: m[2]! }));
const csrfOf = (page: string): string => /name="_csrf" value="([^"]+)"/.exec(page)![1]!;
const errorOf = (page: string, id: string): string =>
  new RegExp(`<p class="error" id="err-${id}" role="status">([^<]*)</p>`).exec(page)?.[1] ?? '';
const berlinTime = (start: string): string =>
  DateTime.fromISO(start, { zone: 'Europe/Berlin' }).toFormat('cccc d LLLL yyyy, HH:mm');
/** What the browser without a script shows: the `<noscript>` of a GET, or a whole post answer. */
const plainPart = (page: string): string => /<noscript>([\s\S]*)<\/noscript>/.exec(page)?.[1] ?? page;

describe('the booking and reschedule pages without JavaScript (plain GET and form posts) through the stack', () => {
  let t: TestPlatform;
  let key: string;
  const page = async (path: string, ip = newVisitorIp()): Promise<PublicResponse & { plain: string }> => {
    const res = await fromIp(t.url, ip, 'GET', path, { headers: HTML });
    return { ...res, plain: plainPart(String(res.body)) };
  };
  const post = (
    path: string,
    form: Record<string, string>,
    headers: Record<string, string> = { origin: t.url },
    ip = newVisitorIp(),
  ) => fromIp(t.url, ip, 'POST', path, { body: new URLSearchParams(form), headers: { ...HTML, ...headers } });
  const bookingsOf = async (email: string) =>
    (await t.request('GET', `/calendar/bookings?attendeeEmail=${encodeURIComponent(email)}`, { key })).body.data as {
      uid: string;
      startTime: string;
      status: string;
      responses: Record<string, unknown>;
      attendee: Record<string, unknown>;
    }[];
  /** The form's own fields as the GET rendered them, the booker's details added. */
  const bookingForm = async (extra: Record<string, string>, path = PAGE) => {
    const got = await page(path);
    const slot = radios(got.plain)[0]!;
    const hidden = Object.fromEntries(
      [...got.plain.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!.replace(/&amp;/g, '&'),
      ]),
    );
    const form: Record<string, string> = { ...hidden, start: slot.value, ...extra };
    return { form, slot, got };
  };

  beforeAll(async () => {
    t = await startTestPlatform(
      { INTERNAL_SECRET: SECRET },
      { modules: [calendarModule({ clock: new ShiftedClock(MONDAY_0750Z), contactBookings: false })] },
    );
    key = await t.key(ORG);
    await hostWithEventType(t, key, 'user_plainhost', {
      title: 'Talk',
      slug: 'talk',
      public: true,
      durations: [30, 60],
      bookingQuestions: [
        { name: 'company', label: 'Company', type: 'TEXT', required: true },
        { name: 'channels', label: 'Channels', type: 'MULTISELECT', options: ['Email', 'Chat'] },
        { name: 'news', label: 'News', type: 'CHECKBOX' },
      ],
    });
  });
  afterAll(() => t.stop());

  it("should render the first free day's slots as radio buttons, in the host's zone, the same as the public JSON", async () => {
    const got = await page(PAGE);
    expect(got.status).toBe(200);
    // The script's picker is inert markup until the script puts it in place; the plain form is what a browser without it shows.
    expect(String(got.body)).toContain('<template id="enhanced">');
    const json = await fromIp(
      t.url,
      newVisitorIp(),
      'GET',
      `/calendar/public/${ORG}/talk/slots?timeZone=Europe/Berlin`,
    );
    const [first, second] = (
      json.body.data.days as { date: string; slots: { startTime: string; start: string }[] }[]
    ).filter((d) => d.slots.length > 0);
    expect(radios(got.plain)).toEqual(first!.slots.map((s) => ({ value: s.start, label: s.startTime })));
    expect(got.plain).toContain(`<h2 id="day-heading">${dayName(first!.date)}</h2>`);
    expect(got.plain).toContain('<option value="Europe/Berlin" selected>Europe/Berlin</option>');
    expect(got.plain).toContain('<option value="30" selected>30 minutes</option>');
    expect(got.plain).toMatch(/<form method="post" action="\/book\/cal-plain-page\/talk">/);
    expect(got.plain).toContain(`href="/book/cal-plain-page/talk?date=${second!.date}&amp;tz=Europe%2FBerlin"`);
    expect(got.plain).toMatch(/<label for="q-company">Company/);
  });

  it('should show the day, zone and length a GET asks for, and say beside its control what it cannot use (400)', async () => {
    const tokyo = await page(`${PAGE}?date=2030-01-09&tz=Asia/Tokyo&duration=60`);
    expect(tokyo.status).toBe(200);
    const json = await fromIp(
      t.url,
      newVisitorIp(),
      'GET',
      `/calendar/public/${ORG}/talk/slots?timeZone=Asia/Tokyo&from=2030-01-09&to=2030-01-09&duration=60`,
    );
    expect(radios(tokyo.plain).map((r) => r.value)).toEqual(
      json.body.data.days[0].slots.map((s: { start: string }) => s.start),
    );
    expect(tokyo.plain).toContain('<option value="60" selected>1 hour</option>');
    expect(tokyo.plain).toContain('aria-label="Previous free day: Tuesday 8 January"');
    expect(tokyo.plain).toContain('<input type="hidden" name="duration" value="60">');

    const bad = await page(`${PAGE}?date=2030-02-31&tz=Mars/Base&duration=45`);
    expect(bad.status).toBe(400);
    expect(errorOf(bad.plain, 'day')).toBe('Enter a day as YYYY-MM-DD.');
    expect(errorOf(bad.plain, 'zone')).toBe('Choose a time zone from the list.');
    expect(errorOf(bad.plain, 'duration')).not.toBe('');
    expect(bad.plain).toMatch(/<select id="zone" name="tz" aria-describedby="err-zone" aria-invalid="true">/);
    // What could not be used falls back to the defaults: the day is still shown.
    expect(radios(bad.plain).length).toBeGreaterThan(0);
  });

  it('should book through the public operation, answer 303 to a confirmation with the time and the invite', async () => {
    const { form, slot } = await bookingForm({
      name: 'Pat Plain',
      email: 'pat@example.com',
      'q-company': 'Acme',
      'q-channels-1': 'Chat',
      'q-news': 'on',
    });
    const done = await post(PAGE, form);
    expect(done.status).toBe(303);
    const [booking] = await bookingsOf('pat@example.com');
    expect(done.headers.location).toBe(
      `/book/bookings/${booking!.uid}/confirmation?token=${bookingLinkToken(SECRET, booking!.uid)}`,
    );
    expect(new Date(booking!.startTime).getTime()).toBe(new Date(slot.value).getTime());
    expect(booking!.attendee).toMatchObject({ name: 'Pat Plain', timezone: 'Europe/Berlin' });
    expect(booking!.responses).toEqual({ company: 'Acme', channels: ['Chat'], news: true });

    const confirmation = await page(String(done.headers.location));
    expect(confirmation.status).toBe(200);
    expect(confirmation.plain).toContain('<h1>You are booked</h1>');
    expect(confirmation.plain).toContain(`${berlinTime(slot.value)} (Europe/Berlin)`);
    const ics = /href="([^"]+\/invite\.ics\?token=[^"]+)" download="invite.ics">Add to calendar \(\.ics\)<\/a>/.exec(
      confirmation.plain,
    )![1]!;
    const invite = await fromIp(t.url, newVisitorIp(), 'GET', ics);
    expect([invite.status, invite.headers['content-type'], invite.headers['content-disposition']]).toEqual([
      200,
      'text/calendar; charset=utf-8',
      'attachment; filename="invite.ics"',
    ]);
    expect(String(invite.body)).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*DTSTART:/);
    expect((await page(`/book/bookings/${booking!.uid}/confirmation?token=nope`)).status).toBe(404);
    expect(
      (await fromIp(t.url, newVisitorIp(), 'GET', `/book/bookings/${booking!.uid}/invite.ics?token=nope`)).status,
    ).toBe(404);
    // The JSON of the signed link is as before: no invite in it.
    const link = await fromIp(
      t.url,
      newVisitorIp(),
      'GET',
      `/calendar/booking-links/${booking!.uid}?token=${bookingLinkToken(SECRET, booking!.uid)}`,
    );
    expect(link.body.data.ics).toBeUndefined();
  });

  it('should book a slot once when two posts race for it; the other gets the form again with fresh slots and its fields kept (409)', async () => {
    const date = '2030-01-10';
    const first = await bookingForm(
      { name: 'Ria Racer', email: 'ria@example.com', 'q-company': 'Ria Co', date },
      `${PAGE}?date=${date}`,
    );
    const second = { ...first.form, name: 'Sam Racer', email: 'sam@example.com', 'q-company': 'Sam Co' };
    const answers = await Promise.all([post(PAGE, first.form), post(PAGE, second)]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    const lostPage = String(lost.body);
    expect(lostPage).toContain('That time is no longer free. Pick another time below.');
    expect(radios(lostPage).map((r) => r.value)).not.toContain(first.slot.value);
    expect(radios(lostPage).length).toBeGreaterThan(0);
    const kept = lostPage.includes('value="Sam Racer"') ? 'sam' : 'ria';
    expect(lostPage).toContain(kept === 'sam' ? 'value="Sam Co"' : 'value="Ria Co"');
    const all = [...(await bookingsOf('ria@example.com')), ...(await bookingsOf('sam@example.com'))];
    expect(all).toHaveLength(1);
    expect(new Date(all[0]!.startTime).getTime()).toBe(new Date(first.slot.value).getTime());
  });

  it('should answer bad input with the form again, the message beside its field and nothing booked (400)', async () => {
    const { form } = await bookingForm(
      { name: 'Eve Wrong', email: 'not-an-email', 'q-company': 'Eve Inc' },
      `${PAGE}?date=2030-01-11`,
    );
    const email = await post(PAGE, form);
    expect(email.status).toBe(400);
    const emailPage = String(email.body);
    expect(errorOf(emailPage, 'email')).not.toBe('');
    expect(emailPage).toMatch(
      /<input type="email" id="email" name="email"[^>]* aria-invalid="true" value="not-an-email">/,
    );
    expect(emailPage).toContain('value="Eve Wrong"');
    expect(emailPage).toMatch(new RegExp(`value="${form.start.replace(/\+/g, '\\+')}"( required)? checked`));

    const company = await post(PAGE, { ...form, email: 'eve@example.com', 'q-company': '' });
    expect(company.status).toBe(400);
    expect(errorOf(String(company.body), 'q-company')).not.toBe('');
    const noSlot = await post(PAGE, { ...form, email: 'eve@example.com', start: '' });
    expect([noSlot.status, errorOf(String(noSlot.body), 'start')]).toEqual([400, 'Pick a time.']);
    const zone = await post(PAGE, { ...form, email: 'eve@example.com', tz: 'Mars/Base' });
    expect(zone.status).toBe(400);
    expect(errorOf(String(zone.body), 'zone')).not.toBe('');
    expect(await bookingsOf('eve@example.com')).toEqual([]);
    const all = (await t.request('GET', '/calendar/bookings?limit=100', { key })).body.data as {
      attendee: { name: string };
    }[];
    expect(all.filter((b) => b.attendee.name === 'Eve Wrong')).toEqual([]);
  });

  it("should refuse a post without this page's token or from another site (403), booking nothing", async () => {
    const { form } = await bookingForm(
      { name: 'Fay Forger', email: 'fay@example.com', 'q-company': 'Fay' },
      `${PAGE}?date=2030-01-14`,
    );
    const { _csrf: _, ...unsigned } = form;
    const refusals = await Promise.all([
      post(PAGE, unsigned),
      post(PAGE, { ...form, _csrf: 'x.y' }),
      post(PAGE, form, { origin: 'https://evil.example' }),
      post(PAGE, form, { 'sec-fetch-site': 'cross-site' }),
      // A token the platform signed for another page is not this one's.
      post(PAGE, { ...form, _csrf: new PagePostGuard(SECRET).issue(`book:${ORG}/other`) }),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(String(refusals[0]!.body)).toContain('This page expired');
    expect(await bookingsOf('fay@example.com')).toEqual([]);
  });

  it('should count plain posts like the public bookings JSON: the 11th in a minute from one visitor is 429', async () => {
    const ip = newVisitorIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(PAGE, {}, { origin: t.url }, ip)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses[10]).toBe(429);
  });

  it('should move a booking from the reschedule link without a script: 303 to "Your booking moved", guarded like the booking post', async () => {
    const { form } = await bookingForm(
      { name: 'Mo Mover', email: 'mo@example.com', 'q-company': 'Mo' },
      `${PAGE}?date=2030-01-15`,
    );
    expect((await post(PAGE, form)).status).toBe(303);
    const [booking] = await bookingsOf('mo@example.com');
    const token = bookingLinkToken(SECRET, booking!.uid);
    const path = `/book/bookings/${booking!.uid}/reschedule`;
    const got = await page(`${path}?token=${token}&date=2030-01-16`);
    expect(got.status).toBe(200);
    expect(got.plain).toContain('<h2 id="day-heading">Wednesday 16 January</h2>');
    const target = radios(got.plain)[2]!;
    const move = { token, _csrf: csrfOf(got.plain), start: target.value, tz: 'Europe/Berlin', date: '2030-01-16' };
    expect((await post(path, { ...move, _csrf: '' })).status).toBe(403);
    expect((await post(path, move, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(path, { ...move, token: 'nope' })).status).toBe(404);
    expect((await post(path, { ...move, start: '' })).status).toBe(400);
    const moved = await post(path, move);
    expect(moved.status).toBe(303);
    expect(moved.headers.location).toBe(`/book/bookings/${booking!.uid}/confirmation?token=${token}&moved=1`);
    const stored = (await t.request('GET', `/calendar/bookings/${booking!.uid}`, { key })).body.data;
    expect([stored.status, new Date(stored.startTime).getTime()]).toEqual([
      'CONFIRMED',
      new Date(target.value).getTime(),
    ]);
    const confirmation = await page(String(moved.headers.location));
    expect(confirmation.plain).toContain('<h1>Your booking moved</h1>');
    expect(confirmation.plain).toContain(`${berlinTime(target.value)} (Europe/Berlin)`);
    // The slot it held is free again, the one it took is gone.
    const again = await page(`${path}?token=${token}&date=2030-01-16`);
    expect(radios(again.plain).map((r) => r.value)).not.toContain(target.value);
  });
});
