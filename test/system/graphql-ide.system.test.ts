import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { projectRoot } from '../../platform/config/project-root.js';

/** Debian's chromium (package `chromium`), or CHROMIUM_PATH. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('GraphiQL and the API reference in a real browser (headless Chromium)', () => {
  let t: TestPlatform;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestPlatform();
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('should load offline, take the API key in its headers and run a query', async () => {
    const key = await t.key('browser');
    const page = await browser.newPage();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(t.url) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    // The page keeps the key a user typed in the headers editor; a fresh profile gets it here the same way.
    await page.evaluateOnNewDocument(`localStorage.setItem('platform-api-key', ${JSON.stringify(key)})`);
    await page.goto(`${t.url}/graphql`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.graphiql-execute-button', { timeout: 20_000 });
    await page.click('.graphiql-execute-button');
    await page.waitForFunction(`document.querySelector('.result-window')?.textContent?.includes('"__typename"')`, {
      timeout: 20_000,
    });
    const result = await page.$eval(
      '.result-window',
      (el) => (el as unknown as { textContent: string | null }).textContent ?? '',
    );
    expect(result).toContain('"Query"');
    const dir = join(projectRoot(), 'test-results');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, 'graphql-ide.png') });
    expect(outside).toEqual([]); // nothing from a CDN
    expect(errors).toEqual([]);
  }, 90_000);

  it('should open with {"Authorization": "Bearer "} in its headers, show no error before a key, and load the schema, subscriptions included, once one is typed', async () => {
    const key = await t.key('browser-fresh');
    // A fresh profile: nothing stored by the test before (its key, GraphiQL's persisted headers).
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const answers: { status: number; introspection: boolean }[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() === 'POST' && request.url() === `${t.url}/graphql`)
        answers.push({
          status: response.status(),
          introspection: (request.postData() ?? '').includes('IntrospectionQuery'),
        });
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${t.url}/graphql`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.graphiql-execute-button', { timeout: 20_000 });
    const headersEditor = `[...document.querySelectorAll('.graphiql-editor-tool .CodeMirror')].map((e) => e.CodeMirror).find((cm) => cm.getValue().includes('Authorization'))`;
    expect(await page.evaluate(`${headersEditor}.getValue()`)).toBe('{"Authorization":"Bearer "}');
    // Nothing asked of the API without a key: no 401 in the result pane, no error shown.
    expect(answers).toEqual([]);
    expect(
      await page.$eval('.result-window', (el) => (el as unknown as { textContent: string | null }).textContent ?? ''),
    ).not.toMatch(/error|UNAUTHORIZED/i);
    const introspected = page.waitForResponse((r) => (r.request().postData() ?? '').includes('IntrospectionQuery'), {
      timeout: 20_000,
    });
    await page.evaluate(
      `${headersEditor}.setValue(${JSON.stringify(JSON.stringify({ Authorization: `Bearer ${key}` }))})`,
    );
    expect((await introspected).status()).toBe(200);
    expect(answers.filter((a) => a.introspection).map((a) => a.status)).toEqual([200]);
    await page.click('.graphiql-sidebar button[aria-label="Show Documentation Explorer"]');
    await page.waitForFunction(
      `document.querySelector('.graphiql-doc-explorer')?.textContent?.includes('subscription')`,
      { timeout: 20_000 },
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('should render the OpenAPI reference at /docs offline', async () => {
    const page = await browser.newPage();
    // Nothing may leave this origin, images included (Redoc's menu credit logo is inlined).
    const outside: string[] = [];
    page.on('requestfinished', (request) => {
      if (!request.url().startsWith(t.url) && !/^(data|blob):/.test(request.url())) outside.push(request.url());
    });
    const blocked: string[] = [];
    page.on('requestfailed', (request) => {
      if (!request.url().startsWith(t.url)) blocked.push(`${request.url()} ${request.failure()?.errorText}`);
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${t.url}/docs`, { waitUntil: 'networkidle0', timeout: 90_000 });
    // Redoc lists every operation in its menu; the send-email operation is one of them.
    await page.waitForFunction(`document.body.innerText.includes('/emails/messages/{id}')`, { timeout: 90_000 }); // Redoc lays out 250 operations: slow on a loaded machine
    const menu = await page.$$eval('li[data-item-id^="tag/"]', (items) => items.length);
    expect(menu).toBeGreaterThanOrEqual(10); // one section per module
    await page.screenshot({ path: join(projectRoot(), 'test-results', 'api-docs.png') });
    expect(outside).toEqual([]);
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
  }, 150_000);
});
