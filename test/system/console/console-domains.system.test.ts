import type { Browser } from 'playwright-core';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { registerDomain } from '../../subgraphs/domains/helpers/domain-fixtures.js';
import { launchBrowser, openWatched, screenshot, seriousViolations, signIn } from './console-browser.js';

// The DNS editor of a domain, driven in the browser and checked through the REST API.
describe('The console’s DNS records editor', () => {
  const zone = 'console-zone.com';
  let t: TestPlatform;
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    browser = await launchBrowser();
    key = await t.key('console-domains');
    await registerDomain(t, key, zone);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const recordsOf = async (type: string) =>
    (await t.request('GET', `/domains/${zone}/dns?type=${type}`, { key })).body.data as {
      name: string;
      value: string;
      ttl: number;
    }[];

  it('should add, edit and delete a record, show the platform’s refusal on its field, and turn DNSSEC on with the DS record', async () => {
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Domains', exact: true }).click();
    await page.getByRole('link', { name: zone }).click();
    await page.waitForURL(`**/console/domains/${zone}`);
    await page.getByRole('heading', { level: 1, name: zone }).waitFor();

    // Add: the platform refuses a value that is no IPv4 address, and says so under Value.
    await page.getByRole('button', { name: 'Add record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a DNS record' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('www');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Save record' }).click();
    const value = dialog.getByRole('textbox', { name: 'Value' });
    await dialog.locator('input[aria-invalid="true"]').first().waitFor();
    expect(await value.getAttribute('aria-invalid')).toBe('true');
    const described = (await value.getAttribute('aria-describedby'))!
      .split(' ')
      .map((id) => `#${id}`)
      .join(', ');
    expect(await dialog.locator(described).allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/IPv4|address/i)]),
    );
    expect(await recordsOf('A')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await value.fill('192.0.2.10');
    await dialog.getByRole('button', { name: 'Save record' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Edit A www 192.0.2.10' }).waitFor();
    expect((await recordsOf('A')).map((r) => [r.name, r.value, r.ttl])).toEqual([['www', '192.0.2.10', 3600]]);

    // Edit: a TTL under a minute is refused at the field before any request; 300 is kept.
    await page.getByRole('button', { name: 'Edit A www 192.0.2.10' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the DNS record' });
    await edit.getByRole('textbox', { name: 'TTL (seconds)' }).fill('30');
    await edit.getByRole('button', { name: 'Save record' }).click();
    await edit.getByText('From 60 to 86400 seconds').waitFor();
    await edit.getByRole('textbox', { name: 'TTL (seconds)' }).fill('300');
    await edit.getByRole('button', { name: 'Save record' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: '300', exact: true }).waitFor();
    expect((await recordsOf('A')).map((r) => r.ttl)).toEqual([300]);

    // At 360 px nothing but the records table (which scrolls inside its own box) reaches past the screen's edge.
    await page.setViewportSize({ width: 360, height: 740 });
    const outside = await page.evaluate(`[...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 361 && !e.closest('.mantine-TableScrollContainer-scrollContainer'))
      .map((e) => e.tagName + '.' + String(e.className).slice(0, 60))`);
    expect(outside).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 860 });

    await page.getByRole('button', { name: 'Delete A www 192.0.2.10' }).click();
    await page.getByRole('button', { name: 'Edit A www 192.0.2.10' }).waitFor({ state: 'detached' });
    expect(await recordsOf('A')).toEqual([]);

    // DNSSEC on: the DS record to give the parent zone is shown.
    // The switch follows the platform's answer, so it turns on once the zone is signed.
    await page.getByRole('switch', { name: 'Sign the zone (DNSSEC)' }).click();
    const ds = page.getByLabel(/^DS record of key \d+$/);
    await ds.first().waitFor();
    expect(await ds.first().innerText()).toMatch(
      new RegExp(`^${zone.replace('.', '\\.')}\\.\\s+\\d*\\s*IN\\s+DS\\s+\\d+ 13 2 [0-9A-F]+$`),
    );
    expect((await t.request('GET', `/domains/${zone}/dnssec`, { key })).body.data.enabled).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'domain-zone');
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
    await context.close();
  }, 150_000);

  it('should say so, not fail, on a domain page for a key without the domains scope', async () => {
    const emailOnly = await t.key('console-domains-email-only', 'SERVER', ['email']);
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, emailOnly);
    await page.goto(`${t.url}/console/domains/${zone}`);
    await page.getByText('This API key has no “domains” scope').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
