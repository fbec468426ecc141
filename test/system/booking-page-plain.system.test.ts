import { eventually, startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import type { Page } from 'playwright-core';
import {
  fitsWidth,
  launchBrowser,
  seriousViolationsWithoutScript,
  type HostedBrowser,
} from '../helpers/hosted-browser.js';
import { fromIp, newVisitorIp } from '../subgraphs/forms/helpers/public-client.js';

const ORG = 'booking-plain';
const HOST_ZONE = 'Europe/Berlin';

interface Slot {
  startTime: string;
  start: string;
}

describe('The booking and reschedule pages in Chromium with JavaScript disabled', () => {
  let t: TestPlatform;
  let key: string;
  let browser: HostedBrowser;
  /** axe runs in a browser with JavaScript, on a copy of what the plain browser shows. */
  let checking: HostedBrowser;
  let checker: Page;
  const seriousViolations = (page: Page) => seriousViolationsWithoutScript(page, checker);

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key(ORG);
    expect(
      (
        await t.request('POST', '/calendar/schedules', {
          key,
          body: { hostId: 'user_plainhost', name: 'Work', timezone: HOST_ZONE },
        })
      ).status,
    ).toBe(201);
    // 360 px wide: the plain page must fit a phone too.
    browser = await launchBrowser({
      javaScriptEnabled: false,
      timezoneId: 'America/Los_Angeles',
      viewport: { width: 360, height: 740 },
    });
    checking = await launchBrowser({ viewport: { width: 360, height: 740 } });
    checker = await checking.context.newPage();
  }, 120_000);
  afterAll(async () => {
    await checking?.close();
    await browser?.close();
    await t?.stop();
  });

  it('should book the first free slot with a plain form post, then move it from the emailed reschedule link', async () => {
    const created = await t.request('POST', '/calendar/event-types', {
      key,
      body: {
        hostId: 'user_plainhost',
        hostName: 'Hana Host',
        hostEmail: 'hana@example.com',
        title: 'Plain call',
        slug: 'plain',
        duration: 30,
        durations: [30, 60],
        minimumNotice: 120,
        public: true,
        bookingQuestions: [{ name: 'company', label: 'Company', type: 'TEXT', required: true }],
      },
    });
    expect(created.status).toBe(201);
    const days = (
      await fromIp(t.url, newVisitorIp(), 'GET', `/calendar/public/${ORG}/plain/slots?timeZone=${HOST_ZONE}`)
    ).body.data.days as { slots: Slot[] }[];
    const expected = days.find((d) => d.slots.length > 0)!.slots[0]!;

    const page = await browser.context.newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(t.url)) outside.push(r.url());
    });
    await page.goto(created.body.data.bookingUrl.replace(/^https?:\/\/[^/]+/, t.url));
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Plain call');
    // No script: the zone is the host's, the length the event type's own, the day the first with free slots.
    await expect(page.getByLabel('Time zone').inputValue()).resolves.toBe(HOST_ZONE);
    await expect(page.getByLabel('Duration').inputValue()).resolves.toBe('30');
    const first = page.getByRole('radio').first();
    await expect(
      page.getByRole('radio', { name: expected.startTime, exact: true }).getAttribute('value'),
    ).resolves.toBe(expected.start);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await first.check();
    await page.getByLabel('Name').fill('Nora Noscript');
    await page.getByLabel('Email').fill('nora@example.com');
    // The browser's own check of a required question, then the module's answer to what passed it.
    await page.getByLabel('Company').fill('Nora Ltd');
    await page.getByRole('button', { name: 'Book' }).click();
    await page.waitForURL(/\/book\/bookings\/[^/]+\/confirmation\?token=/);
    await page.getByRole('heading', { name: 'You are booked' }).waitFor();
    await expect(page.locator('main').textContent()).resolves.toContain(`, ${expected.startTime} (${HOST_ZONE})`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar (.ics)' }).click();
    expect((await download).suggestedFilename()).toBe('invite.ics');
    expect(await seriousViolations(page)).toEqual([]);

    const bookings = (await t.request('GET', `/calendar/bookings?eventTypeId=${created.body.data.id}`, { key })).body
      .data;
    expect(bookings).toHaveLength(1);
    expect(new Date(bookings[0].startTime).getTime()).toBe(new Date(expected.start).getTime());
    expect(bookings[0].attendee).toEqual({ name: 'Nora Noscript', email: 'nora@example.com', timezone: HOST_ZONE });
    expect(bookings[0].responses).toEqual({ company: 'Nora Ltd' });
    const uid = bookings[0].uid as string;

    const link = await eventually(async () => {
      const rows = await t.platform.orm.em
        .getConnection()
        .execute(`select text from email.messages where text like ?`, [`%${uid}%`]);
      return /Reschedule: (\S+\/book\/bookings\/\S+\/reschedule\?token=\S+)/.exec(String(rows[0]?.text ?? ''))?.[1];
    });
    await page.goto(link.replace(/^https?:\/\/[^/]+/, t.url));
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Reschedule your booking');
    expect(await seriousViolations(page)).toEqual([]);
    // The booking holds its own slot: the first offered is another one.
    const target = page.getByRole('radio').first();
    const label = (await page.locator('label.slot-choice').first().textContent())!;
    expect(label).not.toBe(expected.startTime);
    const newStart = (await target.getAttribute('value'))!;
    // By keyboard: the slot chosen with Space, the button pressed with Enter.
    await target.focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Move booking' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your booking moved' }).waitFor();
    await expect(page.locator('main').textContent()).resolves.toContain(`, ${label} (${HOST_ZONE})`);
    expect(await seriousViolations(page)).toEqual([]);
    const stored = (await t.request('GET', `/calendar/bookings/${uid}`, { key })).body.data;
    expect([stored.status, new Date(stored.startTime).getTime()]).toEqual(['CONFIRMED', new Date(newStart).getTime()]);
    expect(outside).toEqual([]);
    await page.close();
  }, 60_000);

  it('should show the other days as links and another zone and length by a plain GET', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${t.url}/book/${ORG}/plain`);
    const nextDay = page.getByRole('navigation', { name: 'Other days' }).getByRole('link').last();
    const name = (await nextDay.getAttribute('aria-label'))!;
    await nextDay.click();
    await expect(page.locator('#day-heading').textContent()).resolves.toBe(name.replace('Next free day: ', ''));
    await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await page.getByLabel('Duration').selectOption('60');
    await page.getByRole('button', { name: 'Show free times' }).click();
    await expect(page.getByLabel('Time zone').inputValue()).resolves.toBe('Asia/Tokyo');
    await expect(page.locator('legend').first().textContent()).resolves.toBe('Free times (Asia/Tokyo)');
    expect(new URL(page.url()).searchParams.get('duration')).toBe('60');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
