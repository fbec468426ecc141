import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium (package `chromium`), or CHROMIUM_PATH. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A headless Chromium with a fresh profile of its own, closed (and the profile removed) by `close`. */
export interface HostedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(options: { javaScriptEnabled?: boolean; timezoneId?: string; viewport?: { width: number; height: number } } = {}): Promise<HostedBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'hosted-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, args: ARGS, headless: true,
    javaScriptEnabled: options.javaScriptEnabled ?? true, timezoneId: options.timezoneId, viewport: options.viewport ?? { width: 1024, height: 800 },
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
  const results = await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`) as { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

/** Whether the page needs no sideways scrolling at its current width. */
export async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(`document.documentElement.scrollWidth <= window.innerWidth`) as Promise<boolean>;
}
