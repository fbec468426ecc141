import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium (package `chromium`), or CHROMIUM_PATH. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium with a fresh profile of its own, closed (and the profile removed) by `close`. */
export interface HostedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(
  options: { javaScriptEnabled?: boolean; timezoneId?: string; viewport?: { width: number; height: number } } = {},
): Promise<HostedBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'hosted-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    timezoneId: options.timezoneId,
    viewport: options.viewport ?? { width: 1024, height: 800 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const axeSource = (() => {
  let source: string | undefined;
  return () => (source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
})();

/** axe-core's serious and critical violations on the page as it is now (rule id and the first offending node). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Injected through the DevTools protocol, so the page's CSP (no inline script without its nonce) does not stop it.
  await page.evaluate(axeSource());
  const results = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as {
    violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
  };
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

/**
 * The same for a page loaded with JavaScript disabled, where axe cannot run (its checks wait on callbacks, and no
 * callback runs there): the document that page shows (its `<noscript>` as markup, none of its scripts run) is copied
 * into `checker`, a page of a browser with JavaScript, and checked there.
 */
export async function seriousViolationsWithoutScript(page: Page, checker: Page): Promise<string[]> {
  const shown = (await page.evaluate(`(() => {
    const copy = document.documentElement.cloneNode(true);
    copy.querySelectorAll('script, template').forEach((n) => n.remove());
    copy.querySelectorAll('noscript').forEach((n) => n.replaceWith(...n.childNodes));
    return '<!doctype html>' + copy.outerHTML;
  })()`)) as string;
  await checker.setContent(shown);
  return seriousViolations(checker);
}

/** Whether the page needs no sideways scrolling at its current width. */
export async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(`document.documentElement.scrollWidth <= window.innerWidth`) as Promise<boolean>;
}
