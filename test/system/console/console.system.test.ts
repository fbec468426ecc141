import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { launchBrowser, openWatched, screenshot, seriousViolations, signIn } from './console-browser.js';

const LINKS = [
  'Overview',
  'Events',
  'Email',
  'SMS',
  'Forms',
  'CRM',
  'Calendar',
  'Support',
  'Domains',
  'Mailboxes',
  'AI gateway',
  'Webhooks',
  'Settings',
];

describe('The console in a real browser (headless Chromium)', () => {
  let t: TestPlatform;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestPlatform();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('should send a browser asking for / to /console/ and keep the JSON answer for API callers', async () => {
    const page = await fetch(`${t.url}/`, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      redirect: 'manual',
    });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/console/');
    const api = await fetch(`${t.url}/`, { headers: { accept: 'application/json' }, redirect: 'manual' });
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(api.status).toBe(404);
  });

  it('should serve deep links as the app and hashed assets with a long cache', async () => {
    const deep = await fetch(`${t.url}/console/crm/contacts/ctc_123`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    expect(deep.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await deep.text();
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(t.url + script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The first load (the entry script and the chunks it preloads) stays within 300 KB of gzip-compressed JavaScript.
    const firstLoad = [...html.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    let gzipped = 0;
    for (const path of firstLoad)
      gzipped += gzipSync(Buffer.from(await (await fetch(t.url + path)).arrayBuffer())).length;
    expect(firstLoad.length).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(300 * 1024);
    expect((await fetch(`${t.url}/console/assets/..%2F..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${t.url}/console/assets/nothing-here.js`)).status).toBe(404);
    const bare = await fetch(`${t.url}/console`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/console/');
  });

  it('should refuse a wrong key in words, with the request id', async () => {
    const { page, context } = await openWatched(browser, t.url);
    await page.goto(`${t.url}/console/`);
    await page.getByRole('textbox', { name: 'API key' }).fill('sk_live_not_a_key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toContain('The API key was not accepted');
    expect(text).toMatch(/Request id: \S+/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sign-in-refused');
    await context.close();
  }, 60_000);

  it('should sign in, open every page from the navigation without an error, pass axe on each, and sign out', async () => {
    const key = await t.key('console-all');
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    const nav = page.getByRole('navigation', { name: 'Console' });
    for (const name of LINKS) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
      // The page's data has arrived (or failed, which the problems list catches) once no loader is left.
      await page
        .locator('[aria-label^="Loading"]')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
      expect(await page.getByRole('alert').count()).toBe(0);
      await screenshot(page, name.toLowerCase().replace(/\s+/g, '-'));
    }
    expect(await page.evaluate('sessionStorage.length')).toBe(1);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('should show a key with one module’s scope only that module’s pages, and say so on another module’s address', async () => {
    const key = await t.key('console-email-only', 'SERVER', ['email']);
    const { page, context, problems } = await openWatched(browser, t.url);
    await signIn(page, t.url, key);
    const links = await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allInnerTexts();
    expect(links).toEqual(['Overview', 'Email', 'Settings']);
    await page.goto(`${t.url}/console/crm`);
    await page.getByText('This API key has no “crm” scope').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
