import type { Browser } from 'playwright-core';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { launchBrowser, openWatched, screenshot, seriousViolations, signIn } from './console-browser.js';

// Settings: the organization and its plan, an API key created with scopes (its secret shown once) and revoked.
describe('The console’s settings page', () => {
  let t: TestPlatform;
  let browser: Browser;
  let admin: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    browser = await launchBrowser();
    // A key with a few scopes: the dialog offers only those.
    admin = await t.key('console-settings', 'SERVER', ['auth', 'email', 'crm']);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('should create a key with the chosen scopes, show it once, and revoke it so it stops working', async () => {
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, admin);
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Settings', exact: true })
      .click();
    const organization = page.getByRole('table', { name: 'The organization', exact: true });
    await organization.waitFor();
    expect((await organization.innerText()).replace(/\s+/g, ' ')).toMatch(
      /Organization console-settings Slug console-settings Plan STARTER Created /,
    );
    expect(
      (await page.getByRole('table', { name: 'Monthly quotas of the plan' }).getByRole('row').allInnerTexts()).map(
        (r) => r.replace(/\s+/g, ' ').trim(),
      ),
    ).toEqual([
      `Quota Used in ${new Date().toISOString().slice(0, 7)} Allowance`,
      'emails 0 10000',
      'sms 0 1000',
      'formSubmissions 0 1000',
    ]);
    const keys = page.getByRole('table', { name: 'API keys of the organization' });
    expect(await keys.getByRole('row').count()).toBe(2);

    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    expect(
      await dialog.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('value'))),
    ).toEqual(['email', 'auth', 'crm']);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Pick at least one scope').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Newsletter job');
    await dialog.getByRole('checkbox', { name: 'email' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const secret = (await shown.getByLabel('New API key').innerText()).trim();
    expect(secret).toMatch(/^sk_srv_/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'settings-new-key');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    // The key works within its scopes, and the page never shows it again.
    expect((await t.request('GET', '/emails/messages', { key: secret })).status).toBe(200);
    expect((await t.request('GET', '/crm/contacts', { key: secret })).status).toBe(403);
    const row = keys.getByRole('row').filter({ hasText: 'Newsletter job' });
    expect((await row.innerText()).replace(/\s+/g, ' ')).toMatch(
      new RegExp(`^Newsletter job ${secret.slice(0, 12)}… SERVER email .* active Revoke$`),
    );
    expect(await page.content()).not.toContain(secret);

    await page.setViewportSize({ width: 360, height: 740 });
    const outside = await page.evaluate(`[...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 361 && !e.closest('.mantine-TableScrollContainer-scrollContainer'))
      .map((e) => e.tagName + '.' + String(e.className).slice(0, 60))`);
    expect(outside).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 860 });

    await row.getByRole('button', { name: `Revoke Newsletter job (${secret.slice(0, 12)})` }).click();
    await row.getByText(/^revoked/).waitFor();
    await eventually(
      async () => (await t.request('GET', '/emails/messages', { key: secret })).status === 401,
      5_000,
      50,
    );
    expect(problems).toEqual([]);
    await context.close();
  }, 150_000);

  it('should show the signed-in key, and say that keys need the auth scope, for a key without it', async () => {
    const emailOnly = await t.key('console-settings', 'SERVER', ['email']);
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, emailOnly);
    await page.goto(`${t.url}/console/settings`);
    await page.getByText('This API key has no “auth” scope').waitFor();
    await page.getByRole('table', { name: 'The signed-in API key' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create API key' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
