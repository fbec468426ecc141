import { readFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { projectRoot } from '../../../platform/config/project-root.js';

/** Debian's chromium (package `chromium`), or CHROMIUM_PATH. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the docs' screenshots go when the screenshot script runs the tests (scripts/console-screenshots.sh). */
const SCREENSHOTS = process.env.CONSOLE_SCREENSHOTS_DIR;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // The machine has no network beyond loopback: Chromium's own background traffic would only fail.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A page that records what a person would not want: console errors, uncaught exceptions, requests to other hosts. */
export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  problems: string[];
}

/** `where`: the reader's time zone and locale, for pages that show local days and times (the machine's otherwise). */
export async function openWatched(
  browser: Browser,
  origin: string,
  where: { timezoneId?: string; locale?: string } = {},
): Promise<WatchedPage> {
  // A fresh profile per context: nothing carried over between tests (sessionStorage included).
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...where });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith(origin.replace(/^http/, 'ws')) && !/^(data|blob|about):/.test(url))
      problems.push(`outside request: ${url}`);
  });
  return { page, context, problems };
}

export async function signIn(page: Page, origin: string, key: string): Promise<void> {
  await page.goto(`${origin}/console/`);
  await page.getByRole('textbox', { name: 'API key' }).fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

let axeSource: string | undefined;

/** axe-core's serious and critical violations on the page as it is now (injected through the DevTools protocol, not the page's CSP). */
export async function seriousViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(join(projectRoot(), 'package.json')).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations =
    (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  })))`)) as { id: string; impact: string; help: string; targets: string[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`);
}

/** Saves a screenshot for docs/console.md when the screenshot script asked for them; otherwise nothing. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}
