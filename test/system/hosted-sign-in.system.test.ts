import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { freePort } from '../helpers/free-port.js';
import { startAuthPlatform, type AuthTestPlatform } from '../subgraphs/auth/helpers/auth-platform.js';
import { startOidcTestProvider, type OidcTestProvider } from '../subgraphs/auth/helpers/oidc-test-provider.js';

const APP_CALLBACK = 'http://localhost:5996/callback';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The hosted sign-in page in headless Chromium: accessible names, axe-core, CSP without violations, and the SSO
 * path found by typing the address, through a real OpenID provider, back to the application with a code.
 */
describe('hosted sign-in page in Chromium', () => {
  let t: AuthTestPlatform;
  let idp: OidcTestProvider;
  let context: BrowserContext;
  let profileDir: string;
  let key: string;
  let appId: string;

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    idp = await startOidcTestProvider(`${publicUrl}/auth/sso/oidc/callback`);
    t = await startAuthPlatform({}, { PORT: String(port), PUBLIC_URL: publicUrl, WEBHOOK_ALLOW_PRIVATE: 'true' });
    key = await t.key('hosted-chromium');
    appId = (
      await t.request('POST', '/auth/applications', {
        key,
        body: { name: 'Acme <Portal>', type: 'WEB', redirectUris: [APP_CALLBACK] },
      })
    ).body.data.id;
    await t.request('POST', '/auth/connections', {
      key,
      body: {
        name: 'Acme',
        type: 'OIDC',
        domains: ['acme.test'],
        jitProvisioning: true,
        config: { issuerUrl: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      },
    });
    profileDir = mkdtempSync(join(tmpdir(), 'chromium-sign-in-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    rmSync(profileDir, { recursive: true, force: true });
    await t.stop();
    await idp.close();
  });

  it('should sign in with SSO found by the typed address, pass axe-core and break no CSP rule', async () => {
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    let landed: string | null = null;
    await page.route(`${APP_CALLBACK}**`, async (route) => {
      landed = route.request().url();
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>App</title><p>signed in</p>',
      });
    });
    await page.goto(
      `${t.url}/auth/hosted/${appId}/sign-in?${new URLSearchParams({ redirectUri: APP_CALLBACK, state: 'chromium-state' })}`,
    );
    await expect(page.title()).resolves.toBe('Sign in to Acme <Portal>');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email.count()).resolves.toBe(1);
    await expect(page.getByLabel('Password', { exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Continue', exact: true }).count()).resolves.toBe(1);
    const sso = page.getByRole('link', { name: 'Sign in with SSO', exact: true });
    await expect(sso.isVisible()).resolves.toBe(false);

    await page.evaluate(AXE_SOURCE);
    const axe = await page.evaluate(async () =>
      (
        await (
          globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string }[] }> } }
        ).axe.run()
      ).violations.map((v) => ({ id: v.id, impact: v.impact })),
    );
    expect(axe.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    idp.loginAs('chromium-sub', { email: 'chromium@acme.test', email_verified: true, given_name: 'Chrome' });
    await email.fill('chromium@acme.test');
    await sso.waitFor({ state: 'visible', timeout: 10_000 });
    await sso.click();
    await page.waitForURL((url) => url.href.startsWith(APP_CALLBACK), { timeout: 20_000 });
    const callback = new URL(landed!);
    expect(callback.searchParams.get('state')).toBe('chromium-state');
    const redeemed = await t.request('POST', '/auth/sso/token', {
      key,
      body: { code: callback.searchParams.get('code') },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.data.user).toMatchObject({ email: 'chromium@acme.test', profile: { firstName: 'Chrome' } });
    expect(violations).toEqual([]);
  }, 60_000);
});
