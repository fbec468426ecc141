import type { Browser, Page } from 'playwright-core';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { allModules } from '../../../gateway/modules.js';
import { aiGatewayModule, type AiGatewayModule } from '../../../subgraphs/ai-gateway/index.js';
import { calendarModule } from '../../../subgraphs/calendar/index.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';
import { startFakeProvider, type FakeProvider } from '../../subgraphs/ai-gateway/fakes/fake-provider.js';
import { MONDAY_0750Z, bookingBody, hostWithEventType } from '../../subgraphs/calendar/helpers/calendar-fixtures.js';
import { launchBrowser, openWatched, screenshot, seriousViolations, signIn } from './console-browser.js';

/** Elements reaching past a 360 px screen, outside the tables' own scroll containers. */
const OUTSIDE_A_PHONE = `[...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > 361 && !e.closest('.mantine-TableScrollContainer-scrollContainer'))
  .map((e) => e.tagName + '.' + String(e.className).slice(0, 60))`;

// The pages of one record each (a template, an SMS, a week of bookings, a day's AI usage, a mailbox message, a
// form), each reached from its module's list with records made through the REST API.
describe('The console’s record pages', () => {
  let t: TestPlatform;
  let browser: Browser;
  let key: string;
  let ai: AiGatewayModule;
  let fake: FakeProvider;

  beforeAll(async () => {
    // Calendar's clock is pinned to a Monday morning so the fixture's booking slot is bookable; the AI gateway's
    // module is kept to flush its usage buffer.
    ai = aiGatewayModule();
    const modules = allModules().map((m) =>
      m.name === 'calendar'
        ? calendarModule({ clock: new ShiftedClock(MONDAY_0750Z) })
        : m.name === 'ai-gateway'
          ? ai
          : m,
    );
    // A priced model answers from a fake provider on loopback, which the URL guard allows only with private addresses.
    fake = await startFakeProvider();
    t = await startTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { modules });
    browser = await launchBrowser();
    key = await t.key('console-pages');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await fake?.close();
  });

  const nav = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true }).click();
  const rows = async (page: Page, table: string) =>
    (await page.getByRole('table', { name: table }).getByRole('row').allInnerTexts()).map((r) =>
      r.replace(/\s+/g, ' ').trim(),
    );

  it('should list email templates and show one rendered with sample values typed in, in a sandboxed frame', async () => {
    const created = await t.request('POST', '/emails/templates', {
      key,
      body: {
        name: 'Welcome',
        alias: 'welcome-v1',
        subject: 'Welcome, {{ name }}',
        htmlBody:
          '<h1>Hello {{ name }}</h1><p>Your plan: {{ plan.tier }}</p><img alt="pixel" src="https://tracker.example/p.gif">',
        textBody: 'Hello {{ name }}',
      },
    });
    expect(created.status).toBe(201);
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await nav(page, 'Email');
    await page.getByRole('link', { name: 'Templates', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Email templates' }).waitFor();
    await page.getByRole('table', { name: 'Email templates' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await rows(page, 'Email templates')).toEqual([
      'Name Alias Subject Active Updated',
      expect.stringMatching(/^Welcome welcome-v1 Welcome, \{\{ name \}\} active /i),
    ]);
    await page.getByRole('link', { name: 'Welcome', exact: true }).click();
    await page.waitForURL(`**/console/email/templates/${created.body.data.id}`);
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    expect(await rows(page, 'Template details')).toContainEqual('Variables name, plan.tier');

    // Rendered by the platform as a send renders it: empty before any value, then with what is typed (HTML-escaped).
    const frame = page.locator('iframe[title="The template\'s HTML, rendered"]');
    const rendered = page.frameLocator('iframe[title="The template\'s HTML, rendered"]');
    await rendered.getByRole('heading', { name: 'Hello', exact: true }).waitFor();
    expect(await rows(page, 'Rendered')).toEqual(['Subject Welcome,', 'Rendered empty name, plan.tier']);
    await page.getByRole('textbox', { name: 'name', exact: true }).fill('Ada <Lovelace>');
    await page.getByRole('textbox', { name: 'plan.tier' }).fill('Growth');
    await rendered.getByRole('heading', { name: 'Hello Ada <Lovelace>' }).waitFor();
    await rendered.getByText('Your plan: Growth').waitFor();
    await eventually(
      async () => (await rows(page, 'Rendered')).join('|') === 'Subject Welcome, Ada <Lovelace>|Rendered empty none',
    );
    expect(await frame.getAttribute('sandbox')).toBe('');
    // The remote image in the template never loads (the frame's policy).
    expect(
      await rendered.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBe(0);
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByText('Hello Ada <Lovelace>', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'HTML' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'email-template');
    // The record page links to every Email page, as the list pages do.
    expect(await page.getByRole('navigation', { name: 'Email pages' }).getByRole('link').allInnerTexts()).toEqual([
      'Messages',
      'Templates',
      'Suppressions',
      'Stats',
    ]);

    // An inactive template, which a send refuses, is shown as stored.
    await t.platform.orm.em
      .fork()
      .getConnection()
      .execute('update email.templates set active = false where id = ?', [created.body.data.id]);
    await page.reload();
    await page
      .frameLocator('iframe[title="The template\'s HTML body"]')
      .getByRole('heading', { name: 'Hello {{ name }}' })
      .waitFor();
    await page.getByText('Inactive: a send refuses this template').waitFor();

    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(OUTSIDE_A_PHONE)).toEqual([]);
    // The only complaint: the frame's policy refusing the remote image.
    for (const problem of problems)
      expect(problem).toMatch(
        /^console: Loading the image 'https:\/\/tracker\.example\/p\.gif' violates the following Content Security Policy directive/,
      );
    await context.close();
  }, 90_000);

  it('should open an SMS from the list and show its segments and each status it went through', async () => {
    const sent = await t.request('POST', '/sms', {
      key,
      body: {
        to: '+14155550123',
        templateAlias: 'verification-code',
        templateModel: { appName: 'Acme', code: '123456', minutes: 10 },
      },
    });
    expect(sent.body.errorCode).toBe(0);
    const id = sent.body.messageId as string;
    await eventually(async () => (await t.request('GET', `/sms/${id}`, { key })).body.status === 'DELIVERED');
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await nav(page, 'SMS');
    await page.getByRole('link', { name: /^Your Acme verification code is 123456/ }).click();
    await page.waitForURL(`**/console/sms/messages/${id}`);
    await page.getByRole('heading', { level: 1, name: 'SMS to +14155550123' }).waitFor();
    expect(await rows(page, 'Message details')).toEqual(
      expect.arrayContaining([`Id ${id}`, 'To +14155550123', 'Country US', 'Segments 1']),
    );
    expect((await rows(page, 'Status history')).map((r) => r.split(' ')[0])).toEqual([
      'Status',
      'QUEUED',
      'SENT',
      'DELIVERED',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'SMS pages' }).getByRole('link', { name: 'Opt-outs' }).click();
    await page.getByRole('heading', { level: 1, name: 'SMS opt-outs' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it('should show a week of bookings in the reader’s zone, move between weeks, and open a booking', async () => {
    const eventTypeId = await hostWithEventType(t, key, 'user_console_week');
    const booked = await t.request('POST', '/calendar/bookings', {
      key,
      body: {
        ...bookingBody(eventTypeId, '2030-01-08T09:00:00Z'),
        attendee: { name: 'Grace Hopper', email: 'grace@example.com', timezone: 'UTC' },
      },
    });
    expect(booked.status).toBe(201);
    const uid = booked.body.data.uid as string;
    // Berlin: the 09:00 UTC booking is at 10:00 on the reader's Tuesday.
    const { page, context, problems } = await openWatched(browser, t.url, {
      timezoneId: 'Europe/Berlin',
      locale: 'en-GB',
    });
    await signIn(page, t.url, key);
    await nav(page, 'Calendar');
    await page.getByRole('link', { name: 'Week view' }).click();
    await page.getByRole('heading', { level: 1, name: 'Calendar week' }).waitFor();
    await page.goto(`${t.url}/console/calendar/week/2030-01-09`);
    const tuesday = page.getByRole('region', { name: 'Tuesday 8 January' });
    const booking = tuesday.getByRole('link', { name: /^10:00–10:30 Meeting, Grace Hopper$/ });
    await booking.waitFor();
    expect(await page.getByRole('region').count()).toBe(7);
    expect(await page.getByRole('region', { name: 'Monday 7 January' }).innerText()).toContain('No bookings');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'calendar-week');

    await page.getByRole('link', { name: 'Next week' }).click();
    await page.waitForURL('**/console/calendar/week/2030-01-14');
    await page.getByRole('region', { name: 'Tuesday 15 January' }).waitFor();
    expect(await page.getByText('No bookings').count()).toBe(7);
    await page.getByRole('link', { name: 'Previous week' }).click();
    await page.waitForURL('**/console/calendar/week/2030-01-07');
    await booking.click();
    await page.waitForURL(`**/console/calendar/bookings/${uid}`);
    await page.getByRole('heading', { level: 1, name: 'Meeting' }).waitFor();
    expect(await rows(page, 'Booking details')).toContainEqual('Attendee Grace Hopper <grace@example.com> (UTC)');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('should chart the AI gateway’s requests and cost per day over the range in the address, with the numbers in a table', async () => {
    const gateway = await t.request('POST', '/ai/v1/keys', { key, body: { name: 'console' } });
    expect(gateway.status).toBe(201);
    expect(
      (
        await t.request('PUT', '/ai/v1/providers/openai', {
          key,
          body: { apiKey: 'openai-secret-key-1234', baseUrl: `${fake.url}/openai/v1` },
        })
      ).status,
    ).toBe(200);
    for (const model of ['sandbox/echo', 'sandbox/echo', 'openai/gpt-4o-mini']) {
      const res = await fetch(`${t.url}/ai/v1/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${gateway.body.key}`,
          'content-type': 'application/json',
          'x-cache-control': 'no-cache',
        },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'count me in' }] }),
      });
      expect(res.status).toBe(200);
    }
    await ai.flushUsage();
    const { costUsd } = (await t.graphql(key, '{ aiUsageSummary { costUsd } }')).body.data.aiUsageSummary as {
      costUsd: number;
    };
    expect(costUsd).toBeGreaterThan(0);
    const cost = `$${costUsd.toFixed(costUsd < 0.01 ? 6 : 2)}`;
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await nav(page, 'AI gateway');
    await page.getByRole('link', { name: 'Usage per day' }).click();
    await page.getByRole('heading', { level: 1, name: 'AI gateway usage' }).waitFor();
    await page.getByRole('table', { name: 'Requests and cost per day' }).waitFor();
    // The default range is the last 30 days; the address carries a chosen one.
    await page.goto(`${t.url}/console/ai/usage?from=${weekAgo}&to=${today}`);
    const table = page.getByRole('table', { name: 'Requests and cost per day' });
    await table.waitFor();
    expect(await page.getByRole('textbox', { name: 'From (UTC day)' }).inputValue()).toBe(weekAgo);
    const [header, ...days] = await rows(page, 'Requests and cost per day');
    expect(header).toBe('Day (UTC) Requests Errors Tokens Cost (USD)');
    expect(days.map((d) => d.split(' '))).toEqual([[today, '3', '0', expect.stringMatching(/^[\d,]+$/), cost]]);
    const requests = page.getByRole('img', { name: /^Requests per day/ });
    expect(await requests.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await requests.locator('rect').count()).toBe(7);
    expect(await requests.locator('desc').textContent()).toBe(
      `${weekAgo} to ${today}: 3 in all, most on ${today} (3).`,
    );
    expect(
      await page
        .getByRole('img', { name: /^Cost per day/ })
        .locator('desc')
        .textContent(),
    ).toBe(`${weekAgo} to ${today}: ${cost} in all, most on ${today} (${cost}).`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'ai-usage');
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it('should list the AI gateway’s providers, routes and keys, and its usage by model and by key', async () => {
    const secret = 'openai-secret-key-5678';
    const provider = await t.request('PUT', '/ai/v1/providers/openai', {
      key,
      body: { apiKey: secret, baseUrl: `${fake.url}/openai/v1` },
    });
    expect(provider.status).toBe(200);
    const route = await t.request('PUT', '/ai/v1/routes/console-echo', {
      key,
      body: {
        targets: [
          { provider: 'sandbox', model: 'echo' },
          { provider: 'sandbox', model: 'lorem' },
        ],
      },
    });
    expect(route.status).toBe(200);
    const created = await t.request('POST', '/ai/v1/keys', { key, body: { name: 'console-limited' } });
    expect(created.status).toBe(201);
    const limited = await t.request('PATCH', `/ai/v1/keys/${created.body.id}`, {
      key,
      body: { allowedModels: ['console-echo'], requestsPerMinute: 60 },
    });
    expect(limited.status).toBe(200);
    const res = await fetch(`${t.url}/ai/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${created.body.key}`,
        'content-type': 'application/json',
        'x-cache-control': 'no-cache',
      },
      body: JSON.stringify({ model: 'console-echo', messages: [{ role: 'user', content: 'through a route' }] }),
    });
    expect(res.status).toBe(200);
    await ai.flushUsage();
    const prefix = created.body.prefix as string;

    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await nav(page, 'AI gateway');
    await page.getByRole('heading', { level: 1, name: 'AI gateway' }).waitFor();
    await page.getByRole('table', { name: 'Providers' }).waitFor();
    for (const name of ['Providers', 'Routes', 'Gateway keys', 'Usage log'])
      await page.getByRole('heading', { level: 2, name }).waitFor();
    const [providerHeader, ...providers] = await rows(page, 'Providers');
    expect(providerHeader).toBe('Provider Format Base URL Added');
    expect(providers).toEqual([expect.stringMatching(new RegExp(`^openai openai ${fake.url}/openai/v1 \\S`))]);
    expect(await rows(page, 'Routes')).toContainEqual(
      expect.stringMatching(/^console-echo sandbox\/echo → sandbox\/lorem /),
    );
    expect(await rows(page, 'Gateway keys')).toContainEqual(
      expect.stringMatching(
        new RegExp(`^console-limited ${prefix} console-echo 60 requests/min; no token limit .+ never no$`),
      ),
    );
    expect(await rows(page, 'AI gateway requests')).toContainEqual(expect.stringMatching(/ console-echo sandbox /));
    // Neither the stored provider key nor its hint is on the page.
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(secret);
    expect(text).not.toContain('...5678');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'ai-gateway');
    // At a phone's width only the tables scroll, inside their own containers.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(OUTSIDE_A_PHONE)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('link', { name: 'Usage per day' }).click();
    await page.getByRole('heading', { level: 1, name: 'AI gateway usage' }).waitFor();
    await page.getByRole('table', { name: 'By key' }).waitFor();
    const [modelHeader, ...models] = await rows(page, 'By model');
    expect(modelHeader).toBe('Model Requests Errors Tokens Cost (USD)');
    expect(models).toContainEqual(expect.stringMatching(/^console-echo 1 0 [\d,]+ \$0\.00$/));
    const [keyHeader, ...keys] = await rows(page, 'By key');
    expect(keyHeader).toBe('Gateway key Requests Errors Tokens Cost (USD)');
    expect(keys).toContainEqual(
      expect.stringMatching(new RegExp(`^console-limited \\(${prefix}…\\) 1 0 [\\d,]+ \\S+$`)),
    );
    expect(await seriousViolations(page)).toEqual([]);
    // Loaded at a phone's width (resizing a loaded page measures the side menu mid-slide): the range inputs wrap.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByRole('table', { name: 'By key' }).waitFor();
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    expect(await page.evaluate(OUTSIDE_A_PHONE)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it('should open a mailbox’s message with its headers, text, HTML in a sandboxed frame and attachment names', async () => {
    const mailbox = async (name: string) =>
      (await t.request('POST', '/v1/agent-email/mailboxes', { key, body: { name } })).body.data as {
        id: string;
        address: string;
      };
    const alice = await mailbox('console-alice');
    const bob = await mailbox('console-bob');
    const attachment = {
      filename: 'plan.txt',
      content: Buffer.from('the plan').toString('base64'),
      contentType: 'text/plain',
    };
    const sent = await t.request('POST', '/v1/agent-email/messages/send', {
      key,
      body: {
        from: alice.address,
        to: [bob.address],
        subject: 'Quarterly plan',
        html: '<h1>The plan</h1><p>Tuesday</p>',
        text: 'The plan: Tuesday',
        attachments: [attachment],
      },
    });
    expect(sent.status).toBe(202);
    const received = await eventually(
      async () =>
        (await t.request('GET', `/v1/agent-email/mailboxes/${bob.id}/inbox`, { key })).body.data[0] as
          { id: string } | undefined,
      30_000,
    );
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await nav(page, 'Mailboxes');
    await page.getByRole('link', { name: bob.address }).click();
    await page.getByRole('heading', { level: 1, name: bob.address }).waitFor();
    await page.getByRole('link', { name: 'Quarterly plan' }).click();
    await page.waitForURL(`**/console/mailboxes/${bob.id}/messages/${received!.id}`);
    await page.getByRole('heading', { level: 1, name: 'Quarterly plan' }).waitFor();
    expect(await rows(page, 'Message details')).toEqual(
      expect.arrayContaining([`From ${alice.address}`, `To ${bob.address}`]),
    );
    expect(await page.getByRole('region', { name: 'Attachments' }).innerText()).toMatch(
      /plan\.txt \(text\/plain, 8 bytes\)/,
    );
    await page
      .frameLocator('iframe[title="The message\'s HTML body"]')
      .getByRole('heading', { name: 'The plan' })
      .waitFor();
    expect(await page.locator('iframe[title="The message\'s HTML body"]').getAttribute('sandbox')).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'mailbox-message');
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByText('The plan: Tuesday').waitFor();
    await page.getByRole('tab', { name: 'Headers' }).click();
    expect(await rows(page, 'Headers')).toContainEqual('subject Quarterly plan');
    // Another mailbox's address with this message's id is not where it lives.
    await page.goto(`${t.url}/console/mailboxes/${alice.id}/messages/${received!.id}`);
    await page.getByText('This message belongs to another mailbox').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('should head a form’s page with the form’s title', async () => {
    const form = (
      await t.request('POST', '/forms', {
        key,
        body: { title: 'Launch survey', fields: [{ type: 'SHORT_TEXT', label: 'Your name', ref: 'name' }] },
      })
    ).body.data;
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await nav(page, 'Forms');
    await page.getByRole('link', { name: 'Launch survey' }).click();
    await page.waitForURL(`**/console/forms/${form.id}`);
    await page.getByRole('heading', { level: 1, name: 'Launch survey', exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual(['Launch survey']);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('should say so, not fail or ask, on each record page of a module the key cannot read', async () => {
    const emailOnly = await t.key('console-pages-email-only', 'SERVER', ['email']);
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, emailOnly);
    const graphql: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) graphql.push(request.postData() ?? '');
    });
    for (const [path, scope] of [
      ['/sms/messages/sms_x', 'sms'],
      ['/calendar/week/2030-01-07', 'calendar'],
      ['/calendar/bookings/booking_x', 'calendar'],
      ['/ai/usage', 'ai'],
      ['/mailboxes/mbx_x', 'mailboxes'],
      ['/mailboxes/mbx_x/messages/msg_x', 'mailboxes'],
      ['/forms/1', 'forms'],
    ]) {
      await page.goto(`${t.url}/console${path}`);
      await page.getByText(`This API key has no “${scope}” scope`).waitFor();
    }
    // The Overview, where signing in lands, may still be asking; the record pages ask nothing.
    expect(graphql.filter((body) => !body.includes('query ConsoleOverview'))).toEqual([]);
    // The email scope opens the templates.
    await page.goto(`${t.url}/console/email/templates`);
    await page.getByText('No templates yet.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});
