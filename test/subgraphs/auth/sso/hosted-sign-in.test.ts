import * as OTPAuth from 'otpauth';
import { freePort } from '../../../helpers/free-port.js';
import { startAuthPlatform, type AuthTestPlatform } from '../helpers/auth-platform.js';
import { TestBrowser } from '../helpers/test-browser.js';
import { IDP_CERT } from '../helpers/saml-test-keys.js';

const APP_CALLBACK = 'http://localhost:5997/callback';
const PASSWORD = 'correct horse battery';
const HOSTILE_NAME = '<img src=x onerror=alert(1)> & "Co"';

describe('hosted sign-in page over HTTP: password, MFA step, SSO discovery, CSRF', () => {
  let t: AuthTestPlatform;
  let key: string;
  let appId: string;
  let pageUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    t = await startAuthPlatform(
      {},
      { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, WEBHOOK_ALLOW_PRIVATE: 'true' },
    );
    key = await t.key('hosted-sign-in');
    appId = (
      await t.request('POST', '/auth/applications', {
        key,
        body: { name: HOSTILE_NAME, type: 'WEB', redirectUris: [APP_CALLBACK] },
      })
    ).body.data.id;
    pageUrl = `${t.url}/auth/hosted/${appId}/sign-in?${new URLSearchParams({ redirectUri: APP_CALLBACK, state: 'hosted-state' })}`;
    await t.request('POST', '/auth/users', {
      key,
      body: { email: 'pat@example.com', password: PASSWORD, emailVerified: true },
    });
    await t.request('POST', '/auth/connections', {
      key,
      body: {
        name: 'Corp',
        type: 'SAML',
        domains: ['corp.test'],
        config: { idpEntityId: 'https://idp.corp.test', ssoUrl: 'https://idp.corp.test/sso', idpCertificate: IDP_CERT },
      },
    });
  });
  afterAll(() => t.stop());

  const csrfOf = (page: string) => /name="csrf" value="([^"]+)"/.exec(page)![1]!;
  const open = async (browser: TestBrowser) => {
    const res = await browser.request(pageUrl);
    return { res, page: await res.text() };
  };
  const submit = (browser: TestBrowser, form: Record<string, string>) => browser.request(pageUrl, { form });

  it('should serve a small page with CSP, no remote assets, the application name escaped and the accessible names', async () => {
    const browser = new TestBrowser();
    const { res, page } = await open(browser);
    expect(res.status).toBe(200);
    expect(Buffer.byteLength(page)).toBeLessThan(50 * 1024);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("form-action 'self' http://localhost:5997");
    expect(res.headers.get('set-cookie')).toMatch(
      /^hosted_csrf=[A-Za-z0-9_-]{43}; Path=\/auth\/hosted\/app_[a-z0-9]+; HttpOnly; SameSite=Strict$/,
    );
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
    expect(page).toMatch(/<label for="email">Email<\/label>/);
    expect(page).toMatch(/<label for="password">Password<\/label>/);
    expect(page).toContain('>Continue</button>');
    expect(page).toContain('>Sign in with SSO</a>');
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it("should refuse a form without the page's CSRF token or from another site, and sign nobody in", async () => {
    const browser = new TestBrowser();
    const { page } = await open(browser);
    const noToken = await submit(browser, { email: 'pat@example.com', password: PASSWORD, action: 'password' });
    expect(noToken.status).toBe(403);
    const stranger = await new TestBrowser().request(pageUrl, {
      form: { csrf: csrfOf(page), email: 'pat@example.com', password: PASSWORD, action: 'password' },
    });
    expect(stranger.status).toBe(403);
    const crossSite = await browser.request(pageUrl, {
      form: { csrf: csrfOf(page), email: 'pat@example.com', password: PASSWORD, action: 'password' },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    for (const res of [noToken, stranger, crossSite]) expect(res.headers.get('location')).toBeNull();
  });

  it('should sign in with the password and send the redirect URI a code that the backend redeems once', async () => {
    const browser = new TestBrowser();
    const { page } = await open(browser);
    const wrong = await submit(browser, {
      csrf: csrfOf(page),
      email: 'pat@example.com',
      password: 'not it',
      action: 'password',
    });
    expect(wrong.status).toBe(401);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain('Wrong email or password');
    const res = await submit(browser, {
      csrf: csrfOf(wrongPage),
      email: 'pat@example.com',
      password: PASSWORD,
      action: 'password',
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(APP_CALLBACK);
    expect(location.searchParams.get('state')).toBe('hosted-state');
    const redeemed = await t.request('POST', '/auth/sso/token', {
      key,
      body: { code: location.searchParams.get('code') },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.data).toMatchObject({
      user: { email: 'pat@example.com' },
      session: { applicationId: appId },
      profile: null,
    });
    expect(
      (await t.request('POST', '/auth/sso/token', { key, body: { code: location.searchParams.get('code') } })).status,
    ).toBe(400);
  });

  it('should ask for the second factor on the page when the user has one', async () => {
    const user = (
      await t.request('POST', '/auth/users', {
        key,
        body: { email: 'mfa@example.com', password: PASSWORD, emailVerified: true },
      })
    ).body.data;
    const enrolment = (await t.request('POST', `/auth/users/${user.id}/mfa/totp/enroll`, { key })).body.data;
    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(enrolment.secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    await t.request('POST', `/auth/users/${user.id}/mfa/totp/verify`, {
      key,
      body: { code: totp.generate({ timestamp: t.clock.ms }) },
    });
    t.clock.advance(30_000);
    const browser = new TestBrowser();
    const { page } = await open(browser);
    const step = await submit(browser, {
      csrf: csrfOf(page),
      email: 'mfa@example.com',
      password: PASSWORD,
      action: 'password',
    });
    const stepPage = await step.text();
    expect(stepPage).toContain('<label for="code">Authentication code</label>');
    const mfaToken = /name="mfaToken" value="([^"]+)"/.exec(stepPage)![1]!;
    const bad = await submit(browser, { csrf: csrfOf(stepPage), mfaToken, code: '000000', action: 'mfa' });
    expect(bad.status).toBe(401);
    const badPage = await bad.text();
    const done = await submit(browser, {
      csrf: csrfOf(badPage),
      mfaToken,
      code: totp.generate({ timestamp: t.clock.ms }),
      action: 'mfa',
    });
    expect(done.status).toBe(303);
    const code = new URL(done.headers.get('location')!).searchParams.get('code')!;
    const redeemed = await t.request('POST', '/auth/sso/token', { key, body: { code } });
    expect(redeemed.body.data.session).toMatchObject({ userId: user.id, mfaVerified: true });
  });

  it("should discover SSO by the address's domain and offer it instead of the password", async () => {
    const yes = await fetch(`${t.url}/auth/hosted/${appId}/discover?email=someone@corp.test`);
    expect(await yes.json()).toEqual({ success: true, data: { sso: true } });
    const no = await fetch(`${t.url}/auth/hosted/${appId}/discover?email=someone@example.com`);
    expect(await no.json()).toEqual({ success: true, data: { sso: false } });
    const browser = new TestBrowser();
    const { page } = await open(browser);
    const offered = await submit(browser, {
      csrf: csrfOf(page),
      email: 'someone@corp.test',
      password: '',
      action: 'password',
    });
    const offeredPage = await offered.text();
    expect(offeredPage).toContain('This address signs in with single sign-on.');
    const href = /<a class="button secondary" id="sso" href="([^"]+)">Sign in with SSO<\/a>/
      .exec(offeredPage)![1]!
      .replace(/&amp;/g, '&');
    const toIdp = await browser.request(new URL(href, t.url).href);
    expect(toIdp.status).toBe(302);
    expect(toIdp.headers.get('location')).toMatch(/^https:\/\/idp\.corp\.test\/sso\?SAMLRequest=/);
  });

  it('should not serve the page for an unregistered redirect URI', async () => {
    const res = await fetch(
      `${t.url}/auth/hosted/${appId}/sign-in?redirectUri=${encodeURIComponent('https://evil.example/cb')}`,
      { headers: { accept: 'text/html' } },
    );
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('name="csrf"');
  });
});
