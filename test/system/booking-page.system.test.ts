import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { eventually, startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { fitsWidth, launchBrowser, seriousViolations, type HostedBrowser } from '../helpers/hosted-browser.js';
import { fromIp, newVisitorIp } from '../subgraphs/forms/helpers/public-client.js';
import { bookingLinkToken } from '../../subgraphs/calendar/public/booking-link-token.js';

const ORG = 'booking-page';
const BOOKER_ZONE = 'America/Los_Angeles';
const SECRET = 'booking-page-system-test-secret-0123456789';
const HOSTILE = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

interface Slot {
  startTime: string;
  start: string;
}

describe('The booking page in a real browser (headless Chromium)', () => {
  let t: TestPlatform;
  let key: string;
  let browser: HostedBrowser;

  const eventType = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/calendar/event-types', {
      key,
      body: {
        hostId: 'user_bookhost',
        hostName: 'Hana Host',
        hostEmail: 'hana@example.com',
        duration: 30,
        minimumNotice: 120,
        public: true,
        ...body,
      },
    });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; bookingUrl: string; bookingEmbed: { iframe: string; script: string } };
  };
  /** The first free slot the public JSON offers in the booker's zone (what the page should show first). */
  const firstSlot = async (slug: string): Promise<Slot> => {
    const res = await fromIp(
      t.url,
      newVisitorIp(),
      'GET',
      `/calendar/public/${ORG}/${slug}/slots?timeZone=${BOOKER_ZONE}`,
    );
    const day = (res.body.data.days as { slots: Slot[] }[]).find((d) => d.slots.length > 0)!;
    return day.slots[0]!;
  };
  const open = async (slug: string): Promise<Page> => {
    const page = await browser.context.newPage();
    await page.goto(`${t.url}/book/${ORG}/${slug}`);
    await page.locator('#slots button').first().waitFor();
    return page;
  };

  beforeAll(async () => {
    t = await startTestPlatform({ INTERNAL_SECRET: SECRET });
    key = await t.key(ORG);
    const schedule = await t.request('POST', '/calendar/schedules', {
      key,
      body: { hostId: 'user_bookhost', name: 'Work', timezone: 'Europe/Berlin' },
    });
    expect(schedule.status).toBe(201);
    browser = await launchBrowser({ timezoneId: BOOKER_ZONE });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it("should book the first free slot in the booker's own zone, the booking arriving through the API", async () => {
    const created = await eventType({
      title: 'Intro call',
      slug: 'intro',
      description: 'A first talk',
      durations: [30, 60],
    });
    const expected = await firstSlot('intro');
    const page = await browser.context.newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(t.url) && !r.url().startsWith('blob:')) outside.push(r.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const answer = await page.goto(created.bookingUrl.replace(/^https?:\/\/[^/]+/, t.url));
    expect(answer!.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    await page.locator('#slots button').first().waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Intro call');
    await expect(page.getByLabel('Time zone').inputValue()).resolves.toBe(BOOKER_ZONE);
    await expect(page.getByLabel('Duration').inputValue()).resolves.toBe('30');
    expect(await seriousViolations(page)).toEqual([]);

    const slot = page.getByRole('button', { name: expected.startTime, exact: true }).first();
    await expect(page.locator('#slots button').first().textContent()).resolves.toBe(expected.startTime);
    await slot.click();
    await page.getByLabel('Name').fill('Ada Booker');
    await page.getByLabel('Email').fill('ada@example.com');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Book' }).click();
    await page.getByRole('heading', { name: 'You are booked' }).waitFor();
    await expect(page.locator('#confirmed-when').textContent()).resolves.toContain(expected.startTime);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar (.ics)' }).click();
    expect((await download).suggestedFilename()).toBe('invite.ics');
    expect(await seriousViolations(page)).toEqual([]);

    const bookings = (await t.request('GET', `/calendar/bookings?eventTypeId=${created.id}`, { key })).body.data;
    expect(bookings).toHaveLength(1);
    expect(new Date(bookings[0].startTime).getTime()).toBe(new Date(expected.start).getTime());
    expect(bookings[0].attendee).toEqual({ name: 'Ada Booker', email: 'ada@example.com', timezone: BOOKER_ZONE });
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('should ask the booking questions as labelled native controls, show a refusal beside its field, and book with the answers', async () => {
    const created = await eventType({
      title: 'Qualified call',
      slug: 'qualified',
      bookingQuestions: [
        { name: 'company', label: 'Company', type: 'TEXT', required: true, placeholder: 'Acme Inc.' },
        { name: 'topic', label: 'Topic', type: 'SELECT', required: true, options: ['Sales', 'Support <b>desk</b>'] },
        { name: 'channels', label: 'Channels', type: 'MULTISELECT', required: true, options: ['Email', 'Chat'] },
        { name: 'when', label: 'Part of day', type: 'RADIO', options: ['Morning', 'Afternoon'] },
        { name: 'news', label: 'Send me news', type: 'CHECKBOX' },
        { name: 'odd', label: HOSTILE, type: 'TEXT' },
      ],
    });
    const expected = await firstSlot('qualified');
    const page = await open('qualified');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.getByRole('button', { name: expected.startTime, exact: true }).first().click();
    await page.getByLabel('Name').fill('Quinn Asker');
    await page.getByRole('textbox', { name: 'Email' }).fill('quinn@example.com');

    const company = page.getByLabel('Company');
    await expect(company.getAttribute('aria-required')).resolves.toBe('true');
    await expect(company.getAttribute('placeholder')).resolves.toBe('Acme Inc.');
    const topic = page.getByLabel('Topic');
    await expect(topic.evaluate((e) => e.tagName)).resolves.toBe('SELECT');
    await expect(topic.getAttribute('aria-required')).resolves.toBe('true');
    await expect(page.getByRole('radiogroup', { name: 'Part of day' }).getByRole('radio').count()).resolves.toBe(2);
    await expect(page.getByRole('checkbox', { name: 'Send me news' }).isChecked()).resolves.toBe(false);
    await expect(page.getByLabel(HOSTILE).count()).resolves.toBe(1);
    await expect(page.evaluate('window.__pwned')).resolves.toBeUndefined();
    expect(await seriousViolations(page)).toEqual([]);

    await company.fill('Initech');
    await topic.selectOption('Support <b>desk</b>');
    // No box of "Channels" ticked: the browser cannot require one of several boxes, the API refuses beside the field.
    await page.getByRole('button', { name: 'Book' }).click();
    await page.locator('#err-q-channels', { hasText: 'Channels' }).waitFor();
    await expect(page.evaluate('document.activeElement.name')).resolves.toBe('q-channels');
    expect(await seriousViolations(page)).toEqual([]);
    expect((await t.request('GET', `/calendar/bookings?eventTypeId=${created.id}`, { key })).body.meta.total).toBe(0);

    await page
      .getByRole('group', { name: /Channels/ })
      .getByLabel('Chat')
      .check();
    await page.getByRole('radio', { name: 'Afternoon' }).check();
    await page.getByRole('button', { name: 'Book' }).click();
    await page.getByRole('heading', { name: 'You are booked' }).waitFor();
    await expect(page.locator('#err-q-channels').textContent()).resolves.toBe('');
    const answers = await page.locator('#answers dt, #answers dd').allTextContents();
    expect(answers).toEqual([
      'Company',
      'Initech',
      'Topic',
      'Support <b>desk</b>',
      'Channels',
      'Chat',
      'Part of day',
      'Afternoon',
      'Send me news',
      'No',
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    const bookings = (await t.request('GET', `/calendar/bookings?eventTypeId=${created.id}`, { key })).body.data;
    expect(bookings).toHaveLength(1);
    expect(new Date(bookings[0].startTime).getTime()).toBe(new Date(expected.start).getTime());
    expect(bookings[0].responses).toEqual({
      company: 'Initech',
      topic: 'Support <b>desk</b>',
      channels: ['Chat'],
      when: 'Afternoon',
      news: false,
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('should say so when the slot was taken meanwhile, and offer the other free slots', async () => {
    await eventType({ title: 'Busy call', slug: 'busy' });
    const taken = await firstSlot('busy');
    const page = await open('busy');
    await page.locator('#slots button').first().click();
    await page.getByLabel('Name').fill('Late Booker');
    await page.getByLabel('Email').fill('late@example.com');
    const other = await fromIp(t.url, newVisitorIp(), 'POST', `/calendar/public/${ORG}/busy/bookings`, {
      body: { start: taken.start, timeZone: 'UTC', name: 'Quick', email: 'quick@example.com' },
    });
    expect(other.status).toBe(201);
    await page.getByRole('button', { name: 'Book' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('no longer free');
    await page.locator('#slots button').first().waitFor();
    await expect(page.locator('#slots button').first().textContent()).resolves.not.toBe(taken.startTime);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('should be usable by keyboard alone at 360 px, and small', async () => {
    await eventType({ title: 'Small screen', slug: 'small' });
    const small = await launchBrowser({ timezoneId: BOOKER_ZONE, viewport: { width: 360, height: 740 } });
    try {
      const page = await small.context.newPage();
      await page.goto(`${t.url}/book/${ORG}/small`);
      await page.locator('#slots button').first().waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await page.locator('#slots button').first().focus();
      await page.keyboard.press('Enter');
      await expect(page.evaluate('document.activeElement.id')).resolves.toBe('name');
      await page.keyboard.type('Key Board');
      await page.keyboard.press('Tab');
      await page.keyboard.type('keys@example.com');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'You are booked' }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await small.close();
    }
    const document = await (await fetch(`${t.url}/book/${ORG}/small`, { headers: { accept: 'text/html' } })).text();
    expect(gzipSync(document).length).toBeLessThan(100_000);
  });

  it("should write the event type's title and description as text, never as markup", async () => {
    await eventType({ title: HOSTILE, slug: 'hostile', description: HOSTILE });
    const page = await open('hostile');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(HOSTILE);
    await expect(page.locator('.description').textContent()).resolves.toBe(HOSTILE);
    await expect(page.title()).resolves.toBe(HOSTILE);
    await expect(page.evaluate('window.__pwned')).resolves.toBeUndefined();
    await expect(page.locator('main img').count()).resolves.toBe(0);
    await page.close();
  });

  it('should let the attendee cancel from the signed link of their email, by keyboard, without axe findings', async () => {
    await eventType({ title: 'Cancel me', slug: 'cancel-me' });
    const slot = await firstSlot('cancel-me');
    const booked = await fromIp(t.url, newVisitorIp(), 'POST', `/calendar/public/${ORG}/cancel-me/bookings`, {
      body: { start: slot.start, timeZone: BOOKER_ZONE, name: 'Cy', email: 'cy@example.com' },
    });
    const uid = booked.body.data.uid as string;
    const page = await browser.context.newPage();
    await page.goto(`${t.url}/book/bookings/${uid}/cancel?token=${bookingLinkToken(SECRET, uid)}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Cancel your booking');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Reason (optional)').fill('Sorry');
    await page.getByRole('button', { name: 'Cancel booking' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Booking cancelled' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect((await t.request('GET', `/calendar/bookings/${uid}`, { key })).body.data).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'attendee',
      cancellationReason: 'Sorry',
    });
    await page.close();
  });

  it('should let the attendee move the booking from the reschedule link of their email to another free slot', async () => {
    await eventType({ title: 'Move me', slug: 'move-me' });
    const slot = await firstSlot('move-me');
    const booked = await fromIp(t.url, newVisitorIp(), 'POST', `/calendar/public/${ORG}/move-me/bookings`, {
      body: { start: slot.start, timeZone: BOOKER_ZONE, name: 'Mo', email: 'mo@example.com' },
    });
    const uid = booked.body.data.uid as string;
    const link = await eventually(async () => {
      const rows = await t.platform.orm.em
        .getConnection()
        .execute(`select text from email.messages where text like ?`, [`%${uid}%`]);
      return /Reschedule: \S+\/book\/bookings\/\S+\/reschedule\?token=(\S+)/.exec(String(rows[0]?.text ?? ''))?.[0];
    });
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const answer = await page.goto(link.replace(/^Reschedule: https?:\/\/[^/]+/, t.url));
    expect(answer!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Reschedule your booking');
    await page.locator('#slots button').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The booking's own slot is taken (by itself): the first offered is another one.
    const target = page.locator('#slots button').first();
    const label = await target.textContent();
    expect(label).not.toBe(slot.startTime);
    await target.click();
    await page.getByRole('button', { name: 'Move booking' }).click();
    await page.getByRole('heading', { name: 'Your booking moved' }).waitFor();
    await expect(page.locator('#confirmed-when').textContent()).resolves.toContain(label!);
    expect(await seriousViolations(page)).toEqual([]);
    const stored = (await t.request('GET', `/calendar/bookings/${uid}`, { key })).body.data;
    expect(stored.status).toBe('CONFIRMED');
    expect(new Date(stored.startTime).getTime()).toBeGreaterThan(new Date(slot.start).getTime());
    const moved = (
      await fromIp(t.url, newVisitorIp(), 'GET', `/calendar/public/${ORG}/move-me/slots?timeZone=${BOOKER_ZONE}`)
    ).body.data.days
      .flatMap((d: { slots: Slot[] }) => d.slots)
      .map((s: Slot) => new Date(s.start).getTime());
    expect(moved).toContain(new Date(slot.start).getTime());
    expect(moved).not.toContain(new Date(stored.startTime).getTime());
    expect(errors).toEqual([]);
    await page.close();
  });

  it("should work from the record's embed snippets on another page: inline in an iframe, and in a popup", async () => {
    const created = await eventType({ title: 'Embedded', slug: 'embedded' });
    // The snippets name PUBLIC_URL; this platform listens elsewhere.
    const here = (snippet: string) => snippet.split(new URL(created.bookingUrl).origin).join(t.url);
    const host = await browser.context.newPage();
    // A customer's own site on another origin (another port; frame-ancestors matches origins, so not about:blank).
    const site = `<!doctype html><html lang="en"><head><title>Host site</title></head><body><main>${here(created.bookingEmbed.iframe)}${here(created.bookingEmbed.script)}</main></body></html>`;
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(site));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await host.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const frame = host.frameLocator('iframe');
      await frame.locator('#slots button').first().waitFor();
      await expect(frame.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Embedded');
      const popup = host.waitForEvent('popup');
      await host.getByRole('link', { name: 'Book: Embedded' }).click();
      const opened = await popup;
      await opened.locator('#slots button').first().waitFor();
      expect(opened.url()).toBe(`${t.url}/book/${ORG}/embedded`);
      await opened.close();
    } finally {
      server.close();
    }
    await host.close();
  });

  it('should answer "not found" for a private event type, as for an unknown one', async () => {
    await eventType({ title: 'Hidden', slug: 'hidden', public: false });
    const page = await browser.context.newPage();
    for (const slug of ['hidden', 'never-made']) {
      const answer = await page.goto(`${t.url}/book/${ORG}/${slug}`);
      expect(answer!.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Booking page not found');
    }
    await page.close();
  });
});
