import type { Browser, Locator, Page } from 'playwright-core';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { launchBrowser, openWatched, screenshot, seriousViolations, signIn } from './console-browser.js';

const DAY_MS = 86_400_000;
// What the browser logs for each refusal the tests provoke (the platform answers a refused mutation with 400).
const REFUSED = 'console: Failed to load resource: the server responded with a status of 400 (Bad Request)';
const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

// The Email and SMS sub-pages (suppressions, stats, SMS templates, opt-outs), with records made through the REST API
// and changes made in the browser checked through the REST API.
describe('The console’s email and SMS pages', () => {
  let t: TestPlatform;
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    browser = await launchBrowser();
    key = await t.key('console-email-sms');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const rows = async (page: Page, table: string) =>
    (await page.getByRole('table', { name: table }).getByRole('row').allInnerTexts()).map((r) =>
      r.replace(/\s+/g, ' ').trim(),
    );
  const open = async (module: 'Email' | 'SMS', section: string) => {
    const watched = await openWatched(browser, t.url);
    await signIn(watched.page, t.url, key);
    await watched.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: module, exact: true })
      .click();
    await watched.page
      .getByRole('navigation', { name: `${module} pages` })
      .getByRole('link', { name: section, exact: true })
      .click();
    return watched;
  };
  /** The text a field is described by (its description and its error), as a screen reader announces it. */
  const described = async (field: Locator) => {
    const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
    const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).innerText()));
    return texts.join(' ');
  };
  /**
   * Elements reaching past a 360 px wide screen (tables scroll inside their own box), with the page loaded at that
   * width: resizing a wide page would measure the navigation while it slides away.
   */
  const outsidePhoneWidth = async (page: Page) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('[aria-label^="Loading"]').first().waitFor({ state: 'detached' });
    await page.getByRole('table').first().waitFor();
    return page.evaluate(`[...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 361 && !e.closest('.mantine-TableScrollContainer-scrollContainer'))
      .map((e) => e.tagName + '.' + String(e.className).slice(0, 60))`);
  };
  const suppressed = async () =>
    ((await t.request('GET', '/emails/suppressions', { key })).body.data as { email: string }[]).map((s) => s.email);
  const optedOut = async () =>
    ((await t.request('GET', '/sms/suppressions', { key })).body.messages as { phoneNumber: string }[]).map(
      (s) => s.phoneNumber,
    );

  it('should list suppressions, refuse a bad address on its field, and add and remove one through the UI', async () => {
    const made = await t.request('POST', '/emails/suppressions', {
      key,
      body: { email: 'bounced@example.com', reason: 'HARD_BOUNCE' },
    });
    expect(made.status).toBe(201);
    const { page, context, problems } = await open('Email', 'Suppressions');
    await page.waitForURL('**/console/email/suppressions');
    await page.getByRole('heading', { level: 1, name: 'Email suppressions' }).waitFor();
    await page.getByRole('table', { name: 'Suppressed addresses' }).waitFor();
    expect(await rows(page, 'Suppressed addresses')).toEqual([
      'Address Reason Since Caused by Actions',
      expect.stringMatching(/^bounced@example\.com HARD_BOUNCE .+ — Remove bounced@example\.com$/),
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    // The platform's refusal shows on the field, and nothing is added.
    const address = page.getByRole('textbox', { name: 'Address' });
    await address.fill('not an address');
    await page.getByRole('button', { name: 'Add suppression' }).click();
    await page.getByText('email must be one valid address').waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(await described(address)).toContain('email must be one valid address');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await suppressed()).toEqual(['bounced@example.com']);

    await address.fill('Grace <Grace@Example.com>');
    await page.getByRole('button', { name: 'Add suppression' }).click();
    await page.getByRole('button', { name: 'Remove grace@example.com' }).waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('false');
    expect(await suppressed()).toEqual(['grace@example.com', 'bounced@example.com']);
    await screenshot(page, 'email-suppressions');

    // Removing asks first; cancelling keeps the address.
    await page.getByRole('button', { name: 'Remove grace@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the suppression' });
    await dialog.getByText('Mail to grace@example.com will be sent again.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await suppressed()).toEqual(['grace@example.com', 'bounced@example.com']);
    await page.getByRole('button', { name: 'Remove grace@example.com' }).click();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByRole('button', { name: 'Remove grace@example.com' }).waitFor({ state: 'detached' });
    expect(await suppressed()).toEqual(['bounced@example.com']);

    expect(await outsidePhoneWidth(page)).toEqual([]);
    expect(problems).toEqual([REFUSED]);
    await context.close();
  }, 90_000);

  it('should chart a sent email on its day, from the range in the address', async () => {
    const sent = await t.request('POST', '/emails', {
      key,
      body: { from: 'shop@acme.example', to: 'ada@example.com', subject: 'Counted', html: '<p>Hi</p>' },
    });
    expect(sent.status).toBe(200);
    const { page, context, problems } = await open('Email', 'Stats');
    await page.getByRole('heading', { level: 1, name: 'Email stats' }).waitFor();
    // The last 30 days by default, today's message among them.
    await page.getByRole('table', { name: 'Email messages per day' }).waitFor();
    const today = utcDay();
    expect(await rows(page, 'Email messages per day')).toEqual([
      'Day (UTC) Messages Queued Sent Delivered Bounced Failed Opened Clicked',
      expect.stringMatching(new RegExp(`^${today} 1 `)),
    ]);

    const [from, to] = [utcDay(-2), utcDay(1)];
    await page.goto(`${t.url}/console/email/stats?from=${from}&to=${to}`);
    await page.getByRole('table', { name: 'Email messages per day' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'From (UTC day)' }).inputValue()).toBe(from);
    // Five charts, each one image named by its title, the range and the total.
    expect(await page.getByRole('img').count()).toBe(5);
    expect(await page.getByRole('img', { name: new RegExp(`per day ${from} to ${to}: \\d in all`) }).count()).toBe(5);
    expect(await page.getByRole('img', { name: /^Delivered per day / }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'email-stats');

    // A range that ends before it starts asks for nothing and says what to change.
    await page.goto(`${t.url}/console/email/stats?from=${to}&to=${from}`);
    await page.getByText('The range starts after it ends').waitFor();
    expect(await page.getByRole('img').count()).toBe(0);

    await page.goto(`${t.url}/console/email/stats?from=${from}&to=${to}`);
    await page.getByRole('table', { name: 'Email messages per day' }).waitFor();
    expect(await outsidePhoneWidth(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it('should list SMS templates, open one, refuse bad Liquid on its field, edit it and delete it', async () => {
    const made = await t.request('POST', '/sms/templates', {
      key,
      body: { alias: 'pickup', name: 'Pickup ready', body: 'Order {{ id }} is ready' },
    });
    expect(made.status).toBe(201);
    const { page, context, problems } = await open('SMS', 'Templates');
    await page.getByRole('heading', { level: 1, name: 'SMS templates' }).waitFor();
    await page.getByRole('table', { name: 'SMS templates' }).waitFor();
    expect(await rows(page, 'SMS templates')).toContainEqual(
      'Pickup ready pickup custom APPROVED Order {{ id }} is ready',
    );
    expect(await seriousViolations(page)).toEqual([]);

    // A new template with an alias the platform refuses: the message is on the Alias field and nothing is made.
    await page.getByRole('button', { name: 'New template' }).click();
    const create = page.getByRole('dialog', { name: 'New SMS template' });
    await create.getByRole('textbox', { name: 'Alias' }).fill('Not An Alias');
    await create.getByRole('textbox', { name: 'Name' }).fill('Wrong');
    await create.getByRole('textbox', { name: 'Body' }).fill('Hi');
    await create.getByRole('button', { name: 'Save template' }).click();
    await create.getByText('alias must be 1 to 64 lower-case letters').waitFor();
    expect(await described(create.getByRole('textbox', { name: 'Alias' }))).toContain(
      'alias must be 1 to 64 lower-case letters, digits, - or _',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await create.getByRole('button', { name: 'Cancel' }).click();
    expect((await t.request('GET', '/sms/templates', { key })).body.totalCount).toBe(7);

    await page.getByRole('link', { name: 'Pickup ready', exact: true }).click();
    await page.waitForURL('**/console/sms/templates/pickup');
    await page.getByRole('heading', { level: 1, name: 'Pickup ready' }).waitFor();
    expect(await rows(page, 'Template details')).toContainEqual('Variables id');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Edit template' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the SMS template' });
    const body = edit.getByRole('textbox', { name: 'Body' });
    await body.fill('Order {% if id %}{{ id }} is ready');
    await edit.getByRole('button', { name: 'Save template' }).click();
    await edit.locator('[aria-invalid="true"]').waitFor();
    expect(await described(body)).toMatch(/body is not a valid Liquid template \(line 1, column \d+\)/);
    expect((await t.request('GET', '/sms/templates/pickup', { key })).body.body).toBe('Order {{ id }} is ready');
    await body.fill('Order {{ id }} is at {{ store }}');
    await edit.getByRole('button', { name: 'Save template' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('Order {{ id }} is at {{ store }}').waitFor();
    expect(await rows(page, 'Template details')).toContainEqual('Variables id, store');
    expect((await t.request('GET', '/sms/templates/pickup', { key })).body.body).toBe(
      'Order {{ id }} is at {{ store }}',
    );
    await screenshot(page, 'sms-template');
    expect(await outsidePhoneWidth(page)).toEqual([]);

    await page.getByRole('button', { name: 'Delete template' }).click();
    await page.getByRole('dialog', { name: 'Delete the template' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/console/sms/templates');
    expect((await t.request('GET', '/sms/templates/pickup', { key })).status).toBe(404);
    await page.getByRole('table', { name: 'SMS templates' }).waitFor();
    expect(await page.getByRole('link', { name: 'Pickup ready' }).count()).toBe(0);
    expect(await outsidePhoneWidth(page)).toEqual([]);
    expect(problems).toEqual([REFUSED, REFUSED]);
    await context.close();
  }, 90_000);

  it('should list opt-outs, refuse a number that is not E.164 on its field, and add and remove one', async () => {
    const made = await t.request('POST', '/sms/suppressions', { key, body: { phoneNumber: '+14155550199' } });
    expect(made.status).toBe(201);
    const { page, context, problems } = await open('SMS', 'Opt-outs');
    await page.waitForURL('**/console/sms/opt-outs');
    await page.getByRole('heading', { level: 1, name: 'SMS opt-outs' }).waitFor();
    await page.getByRole('table', { name: 'Opted-out numbers' }).waitFor();
    expect(await rows(page, 'Opted-out numbers')).toEqual([
      'Number Reason Since Actions',
      expect.stringMatching(/^\+14155550199 MANUAL .+ Remove \+14155550199$/),
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    const number = page.getByRole('textbox', { name: 'Phone number' });
    await number.fill('0415 555 0123');
    await page.getByRole('button', { name: 'Add opt-out' }).click();
    await page.getByText('phoneNumber must be in E.164 format').waitFor();
    expect(await described(number)).toContain('phoneNumber must be in E.164 format');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await optedOut()).toEqual(['+14155550199']);

    await number.fill('+447700900123');
    await page.getByRole('button', { name: 'Add opt-out' }).click();
    await page.getByRole('button', { name: 'Remove +447700900123' }).waitFor();
    expect(await optedOut()).toEqual(['+447700900123', '+14155550199']);
    await screenshot(page, 'sms-opt-outs');

    await page.getByRole('button', { name: 'Remove +14155550199' }).click();
    await page.getByRole('dialog', { name: 'Remove the opt-out' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Remove +14155550199' }).waitFor({ state: 'detached' });
    expect(await optedOut()).toEqual(['+447700900123']);

    expect(await outsidePhoneWidth(page)).toEqual([]);
    expect(problems).toEqual([REFUSED]);
    await context.close();
  }, 90_000);

  it('should chart a delivered SMS on its day and country', async () => {
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
    const { page, context, problems } = await open('SMS', 'Stats');
    await page.getByRole('heading', { level: 1, name: 'SMS stats' }).waitFor();
    await page.getByRole('table', { name: 'SMS per day and country' }).waitFor();
    expect(await rows(page, 'SMS per day and country')).toEqual([
      'Day (UTC) Country Sent Delivered Failed Blocked Segments',
      `${utcDay()} US 1 1 0 0 1`,
    ]);
    expect(await page.getByRole('img', { name: /^Delivered per day .*: 1 in all, most on / }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sms-stats');
    expect(await outsidePhoneWidth(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});
