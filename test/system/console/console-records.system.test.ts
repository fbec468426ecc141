import { createHmac } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { allModules } from '../../../gateway/modules.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';
import { MONDAY_0750Z, bookingBody, hostWithEventType } from '../../subgraphs/calendar/helpers/calendar-fixtures.js';
import { fromIp, newVisitorIp } from '../../subgraphs/forms/helpers/public-client.js';
import { launchBrowser, openWatched, screenshot, seriousViolations, signIn } from './console-browser.js';

// Records made through the REST API, then seen in the console: an email with its HTML in a sandboxed frame, a CRM
// contact with what the other modules hold about it (one GraphQL query), and the live event stream.
describe('Records made through the API, seen in the console', () => {
  let t: TestPlatform;
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    // Calendar's clock is pinned to a Monday morning so the fixture's booking slot is bookable.
    const modules = allModules().map((m) =>
      m.name === 'calendar' ? calendarModule({ clock: new ShiftedClock(MONDAY_0750Z) }) : m,
    );
    t = await startTestPlatform({}, { modules });
    browser = await launchBrowser();
    key = await t.key('console-records');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('should list an email sent through the REST API and show its HTML in a sandboxed frame', async () => {
    const sent = await t.request('POST', '/emails', {
      key,
      body: {
        from: 'shop@acme.example',
        to: 'ada@example.com',
        subject: 'Your receipt',
        html: '<h1>Thank you</h1><p>Order 1042</p><img src="https://tracker.example/pixel.gif" alt="">',
      },
    });
    expect(sent.status).toBe(200);
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Email', exact: true }).click();
    await page.getByRole('link', { name: 'Your receipt' }).click();
    await page.getByRole('heading', { name: 'Your receipt' }).waitFor();
    const frame = page.frameLocator('iframe[title="The message\'s HTML body"]');
    await frame.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect(await page.locator('iframe[title="The message\'s HTML body"]').getAttribute('sandbox')).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'email-message');
    // The tracking pixel is another host: its address is taken out before the frame gets the HTML, so nothing asks
    // for it (and the frame's policy would refuse it).
    expect(problems).toEqual([]);
    expect(await frame.locator('img').getAttribute('src')).toBeNull();
    await context.close();
  }, 90_000);

  it('should show a contact’s booking, form submission and conversation made through the API on its page', async () => {
    const email = 'grace@example.com';
    expect((await t.request('POST', '/crm/contacts', { key, body: { email, name: 'Grace Hopper' } })).status).toBe(202);
    await eventually(async () => (await t.request('GET', `/crm/contacts/${email}`, { key })).status === 200);
    const eventTypeId = await hostWithEventType(t, key, 'user_console_host');
    const booking = await t.request('POST', '/calendar/bookings', {
      key,
      body: {
        ...bookingBody(eventTypeId, '2030-01-08T09:00:00Z'),
        attendee: { name: 'Grace Hopper', email, timezone: 'UTC' },
      },
    });
    expect(booking.status).toBe(201);
    const form = (
      await t.request('POST', '/forms', {
        key,
        body: { title: 'Feedback', fields: [{ type: 'NPS', label: 'Score', ref: 'score' }] },
      })
    ).body.data;
    await t.request('POST', `/forms/${form.id}/publish`, { key });
    const submitted = await fromIp(t.url, newVisitorIp(), 'POST', `/f/${form.uuid}/submit`, {
      body: { data: { score: 9 }, respondentEmail: email },
    });
    expect(submitted.status).toBe(201);
    const inbox = (await t.request('POST', '/support/inboxes', { key, body: { name: 'Help desk' } })).body.data;
    const session = (
      await t.request('POST', '/support/widget/sessions', {
        headers: { 'x-widget-token': inbox.widgetToken },
        body: {},
      })
    ).body.data;
    const widget = { 'x-widget-token': inbox.widgetToken, 'x-visitor-token': session.visitorToken };
    // The host page signs the identity (an unsigned email is kept off the contact's conversations).
    const { secret } = (await t.request('POST', `/support/inboxes/${inbox.id}/identity-secret`, { key })).body.data;
    const userHash = createHmac('sha256', secret).update(email).digest('hex');
    expect(
      (
        await t.request('POST', '/support/widget/identify', {
          headers: widget,
          body: { email, name: 'Grace Hopper', userHash },
        })
      ).body.data,
    ).toMatchObject({ verified: true });
    const conversation = (
      await t.request('POST', '/support/widget/conversations', {
        headers: widget,
        body: { message: 'Where is my invoice?' },
      })
    ).body.data;

    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'CRM', exact: true }).click();
    await page.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    await page.getByRole('region', { name: 'Bookings' }).getByText(booking.body.data.uid).waitFor();
    await page
      .getByRole('region', { name: 'Form submissions' })
      .getByText(submitted.body.data.submissionId ?? submitted.body.data.id)
      .waitFor();
    await page.getByRole('region', { name: 'Conversations' }).getByRole('link', { name: conversation.id }).waitFor();
    await page.getByRole('region', { name: 'Mailbox messages' }).getByText('No mailbox messages.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'crm-contact');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('should narrow the contacts by a CQL query and point at the character of a query error', async () => {
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await page.goto(`${t.url}/console/crm`);
    const box = page.getByRole('textbox', { name: 'CQL query' });
    await box.fill('email = "grace@example.com"');
    await page.getByRole('button', { name: 'Run query' }).click();
    await page.getByText('1 in all').waitFor();
    await box.fill('email = ');
    await page.getByRole('button', { name: 'Run query' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText(/^Error at line 1, column \d+$/).waitFor();
    expect(await alert.getByLabel('Where the error is').innerText()).toMatch(/^email = \n {6,}\^$/);
    await screenshot(page, 'crm-cql-error');
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
    await context.close();
  }, 90_000);

  it('should show an event on the Events page as it happens, without a reload, with its JSON', async () => {
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Events', exact: true }).click();
    await page.getByText('Listening: events appear here').waitFor();
    const url = page.url();
    // The subscription is open once the server counts it; then the event is made.
    await eventually(
      async () =>
        (
          await t.request('POST', '/emails', {
            key,
            body: { from: 'shop@acme.example', to: 'live@example.com', subject: 'Live one', html: '<p>x</p>' },
          })
        ).status === 200 &&
        page
          .getByRole('button', { name: /^Show email\./ })
          .first()
          .isVisible({ timeout: 2000 })
          .catch(() => false),
      20_000,
      500,
    );
    expect(page.url()).toBe(url);
    await page
      .getByRole('button', { name: /^Show email\./ })
      .first()
      .click();
    const json = await page.getByRole('region', { name: 'Event JSON' }).innerText();
    expect(json).toContain('"type": "email.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'events');
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});
