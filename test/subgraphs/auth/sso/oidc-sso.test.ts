import { freePort } from '../../../helpers/free-port.js';
import { startAuthPlatform, type AuthTestPlatform } from '../helpers/auth-platform.js';
import { startOidcTestProvider, type OidcTestProvider } from '../helpers/oidc-test-provider.js';
import { TestBrowser } from '../helpers/test-browser.js';

const APP_CALLBACK = 'http://localhost:5999/callback';

describe('OIDC single sign-on against a real OpenID provider (oidc-provider on loopback), over HTTP', () => {
  let t: AuthTestPlatform;
  let idp: OidcTestProvider;
  let key: string;
  let appId: string;
  let jitConnection: string;
  let publicUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    idp = await startOidcTestProvider(`${publicUrl}/auth/sso/oidc/callback`);
    t = await startAuthPlatform({}, { PORT: String(port), PUBLIC_URL: publicUrl, WEBHOOK_ALLOW_PRIVATE: 'true' });
    key = await t.key('sso-oidc');
    appId = (
      await t.request('POST', '/auth/applications', {
        key,
        body: { name: 'Acme', type: 'WEB', redirectUris: [APP_CALLBACK] },
      })
    ).body.data.id;
    jitConnection = (await createConnection({ name: 'Acme IdP', domains: ['acme.test'], jitProvisioning: true })).id;
  });
  afterAll(async () => {
    await t.stop();
    await idp.close();
  });

  async function createConnection(fields: Record<string, unknown>, k = key) {
    const res = await t.request('POST', '/auth/connections', {
      key: k,
      body: {
        type: 'OIDC',
        provider: 'CUSTOM',
        config: { issuerUrl: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
        ...fields,
      },
    });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  const authorizeUrl = (params: Record<string, string>) =>
    `${t.url}/auth/sso/authorize?${new URLSearchParams({ applicationId: appId, redirectUri: APP_CALLBACK, state: 'app-state-1', ...params })}`;

  /** The whole chain: platform → provider (login) → platform callback → the application's redirect URI. */
  async function signInWithSso(params: Record<string, string>, browser = new TestBrowser()) {
    const { stoppedAt } = await browser.follow(authorizeUrl(params), APP_CALLBACK);
    expect(stoppedAt).not.toBeNull();
    return { url: stoppedAt!, browser };
  }

  const redeem = (code: string, k = key) =>
    t.request('POST', '/auth/sso/token', { key: k, body: { code, ip: '203.0.113.9', userAgent: 'Backend/1.0' } });
  const users = async (email: string) =>
    (await t.request('GET', `/auth/users?search=${encodeURIComponent(email)}`, { key })).body.data;

  it('should sign a new user in through the provider with PKCE and nonce, create them (JIT) and hand the redirect URI a code that becomes a session once', async () => {
    idp.loginAs('alice-sub', {
      email: 'Alice@acme.test',
      email_verified: true,
      given_name: 'Alice',
      family_name: 'Liddell',
    });
    const browser = new TestBrowser();
    const first = await browser.request(authorizeUrl({ email: 'alice@acme.test' }));
    expect(first.status).toBe(302);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('sso_ssof_'))!;
    expect(cookie).toMatch(/; Path=\/auth\/sso; Max-Age=600; HttpOnly; SameSite=Lax$/); // no Secure over http
    const toIdp = new URL(first.headers.get('location')!);
    expect(toIdp.origin).toBe(idp.issuer);
    expect(Object.fromEntries(toIdp.searchParams)).toMatchObject({
      client_id: idp.clientId,
      redirect_uri: `${publicUrl}/auth/sso/oidc/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      nonce: expect.any(String),
      login_hint: 'alice@acme.test',
    });
    const { stoppedAt } = await browser.follow(toIdp.href, APP_CALLBACK);
    expect(stoppedAt!.searchParams.get('state')).toBe('app-state-1');
    const code = stoppedAt!.searchParams.get('code')!;
    expect(code).toMatch(/^sic_[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(browser.cookies(publicUrl).size).toBe(0); // the flow cookie is cleared at the callback

    const res = await redeem(code);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      token: expect.stringMatching(/^sess_/),
      session: { ip: '203.0.113.9', userAgent: 'Backend/1.0', applicationId: appId, mfaVerified: false },
      user: {
        email: 'alice@acme.test',
        emailVerified: true,
        status: 'ACTIVE',
        ssoConnectionId: jitConnection,
        profile: { firstName: 'Alice', lastName: 'Liddell' },
      },
      profile: {
        connectionId: jitConnection,
        connectionType: 'OIDC',
        idpId: 'alice-sub',
        email: 'alice@acme.test',
        firstName: 'Alice',
        lastName: 'Liddell',
      },
    });
    expect(res.body.data.profile.attributes).toMatchObject({ iss: idp.issuer, aud: idp.clientId, sub: 'alice-sub' });
    const verified = await t.request('POST', '/auth/sessions/verify', { key, body: { token: res.body.data.token } });
    expect(verified.body.data.user).toMatchObject({ id: res.body.data.user.id, email: 'alice@acme.test' });

    const again = await redeem(code);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INVALID_TOKEN');

    const logs = (await t.request('GET', `/auth/logs?userId=${res.body.data.user.id}`, { key })).body.data.map(
      (l: { type: string; data: Record<string, unknown> }) => [l.type, l.data.method ?? null],
    );
    expect(logs).toEqual([
      ['login.success', 'sso'],
      ['sso.authenticated', null],
      ['user.created', 'sso'],
    ]);
    const events = (await t.platform.orm.em
      .getConnection()
      .execute(`select type from platform.events where data->>'userId' = ? order by created_at`, [
        res.body.data.user.id,
      ])) as { type: string }[];
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['user.created', 'login.success', 'session.created']),
    );
  });

  it('should sign the same identity in again as the same user, and keep a code from being redeemed by another organization', async () => {
    idp.loginAs('alice-sub', { email: 'alice@acme.test', email_verified: true });
    const { url } = await signInWithSso({ connectionId: jitConnection });
    const other = await t.key('sso-other-org');
    const foreign = await redeem(url.searchParams.get('code')!, other);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toBe('INVALID_TOKEN');
    const mine = await redeem(url.searchParams.get('code')!);
    expect(mine.status).toBe(200);
    expect((await users('alice@acme.test')).length).toBe(1);
    expect(mine.body.data.user.email).toBe('alice@acme.test');
  });

  it("should refuse an unknown user without JIT and link an existing user of the connection's domain", async () => {
    const strict = await createConnection({ name: 'Strict IdP', domains: ['strict.test'], jitProvisioning: false });
    idp.loginAs('nobody-sub', { email: 'nobody@strict.test', email_verified: true });
    const refused = await signInWithSso({ email: 'nobody@strict.test' });
    expect(Object.fromEntries(refused.url.searchParams)).toEqual({
      error: 'user_not_found',
      error_description: expect.stringContaining('does not create users'),
      state: 'app-state-1',
    });
    expect(await users('nobody@strict.test')).toEqual([]);

    const existing = (
      await t.request('POST', '/auth/users', { key, body: { email: 'bob@strict.test', emailVerified: true } })
    ).body.data;
    idp.loginAs('bob-sub', { email: 'bob@strict.test', email_verified: true });
    const { url } = await signInWithSso({ email: 'bob@strict.test' });
    const res = await redeem(url.searchParams.get('code')!);
    expect(res.body.data.user).toMatchObject({ id: existing.id, ssoConnectionId: strict.id });

    // Another identity asserting the linked user's address is not that user.
    idp.loginAs('mallory-sub', { email: 'bob@strict.test', email_verified: true });
    const hijack = await signInWithSso({ email: 'bob@strict.test' });
    expect(hijack.url.searchParams.get('error')).toBe('identity_mismatch');
  });

  it("should refuse an address outside the connection's domains and one the provider has not verified", async () => {
    idp.loginAs('eve-sub', { email: 'eve@elsewhere.test', email_verified: true });
    const outside = await signInWithSso({ connectionId: jitConnection });
    expect(outside.url.searchParams.get('error')).toBe('domain_not_allowed');
    idp.loginAs('unverified-sub', { email: 'unverified@acme.test', email_verified: false });
    const unverified = await signInWithSso({ connectionId: jitConnection });
    expect(unverified.url.searchParams.get('error')).toBe('email_not_verified');
    expect(await users('elsewhere.test')).toEqual([]);
    expect(await users('unverified@acme.test')).toEqual([]);
  });

  it.each([
    [
      'a tampered ID token (signature no longer matches)',
      { claims: { email: 'admin@acme.test' }, resign: false },
      /signature/i,
    ],
    ['an ID token for another nonce', { claims: { nonce: 'not-the-nonce' }, resign: true }, /nonce/],
    ['an ID token for another audience', { claims: { aud: 'some-other-client' }, resign: true }, /aud/],
    ['an expired ID token', { claims: { exp: Math.floor(Date.now() / 1000) - 3600 }, resign: true }, /exp/],
  ])(
    'should refuse %s: no user, an error for the redirect URI, login.failed in the audit log',
    async (_name, tamper, message) => {
      idp.loginAs('tamper-sub', { email: 'tamper@acme.test', email_verified: true });
      idp.tamper = tamper;
      try {
        const before = idp.redeemed;
        const { url } = await signInWithSso({ connectionId: jitConnection });
        expect(idp.redeemed).toBe(before + 1); // the provider did answer; the platform refused its answer
        expect(url.searchParams.get('error')).toBe('invalid_response');
        expect(url.searchParams.get('error_description')).toMatch(message);
        expect(url.searchParams.get('code')).toBeNull();
      } finally {
        idp.tamper = null;
      }
      expect(await users('tamper@acme.test')).toEqual([]);
      const failed = (await t.request('GET', '/auth/logs?eventTypes[]=login.failed&count=1', { key })).body.data[0];
      expect(failed.data).toMatchObject({ reason: 'SSO_INVALID_RESPONSE', method: 'sso', connectionId: jitConnection });
    },
  );

  it("should refuse the provider's answer in another browser, and a replayed callback", async () => {
    idp.loginAs('carol-sub', { email: 'carol@acme.test', email_verified: true });
    const starter = new TestBrowser();
    const callbackPrefix = `${publicUrl}/auth/sso/oidc/callback`;
    const { stoppedAt: callback } = await starter.follow(authorizeUrl({ connectionId: jitConnection }), callbackPrefix);
    const stranger = new TestBrowser();
    const { stoppedAt: strangerEnd } = await stranger.follow(callback!.href, APP_CALLBACK);
    expect(strangerEnd!.searchParams.get('error')).toBe('browser_mismatch');
    // The flow is spent: its own browser cannot use it afterwards either.
    const { stoppedAt: starterEnd } = await starter.follow(callback!.href, APP_CALLBACK);
    expect(starterEnd!.searchParams.get('error')).toBe('replayed');

    const fresh = new TestBrowser();
    const { stoppedAt: good } = await fresh.follow(authorizeUrl({ connectionId: jitConnection }), callbackPrefix);
    const goodCookies = fresh.cookieHeader(publicUrl);
    const { stoppedAt: done } = await fresh.follow(good!.href, APP_CALLBACK);
    expect(done!.searchParams.get('code')).toMatch(/^sic_/);
    const replay = await fetch(good!.href, { headers: { cookie: goodCookies }, redirect: 'manual' });
    expect(new URL(replay.headers.get('location')!).searchParams.get('error')).toBe('replayed');
    const forged = await fetch(
      `${callbackPrefix}?code=x&state=${good!.searchParams.get('state')!.split('.')[0]}.${'A'.repeat(43)}`,
      { headers: { accept: 'text/html' }, redirect: 'manual' },
    );
    expect(forged.status).toBe(400);
    expect(forged.headers.get('location')).toBeNull();
  });

  it('should never redirect to an unregistered redirect URI: 400 (a page for browsers), 404 for an unknown application', async () => {
    for (const redirectUri of [
      `${APP_CALLBACK}/../evil`,
      `${APP_CALLBACK}x`,
      'https://evil.example/callback',
      APP_CALLBACK.toUpperCase(),
    ]) {
      const res = await fetch(authorizeUrl({ redirectUri, connectionId: jitConnection }), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(((await res.json()) as { error: unknown }).error).toMatchObject({
        code: 'INVALID_REQUEST',
        details: { field: 'redirectUri' },
      });
    }
    const page = await fetch(authorizeUrl({ redirectUri: 'https://evil.example/cb', connectionId: jitConnection }), {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('not one of the application');
    const unknown = await fetch(
      authorizeUrl({ applicationId: 'app_00000000000000000000000000', connectionId: jitConnection }),
      { redirect: 'manual' },
    );
    expect(unknown.status).toBe(404);
  });

  it('should answer an unknown, a disabled connection and a blocked user with an error for the redirect URI', async () => {
    const noDomain = await signInWithSso({ email: 'someone@no-sso.test' });
    expect(noDomain.url.searchParams.get('error')).toBe('connection_not_found');
    const off = await createConnection({ name: 'Off', domains: ['off.test'], jitProvisioning: true, enabled: false });
    const disabled = await signInWithSso({ connectionId: off.id });
    expect(disabled.url.searchParams.get('error')).toBe('connection_disabled');

    idp.loginAs('dave-sub', { email: 'dave@acme.test', email_verified: true });
    const first = await signInWithSso({ connectionId: jitConnection });
    const dave = (await redeem(first.url.searchParams.get('code')!)).body.data.user;
    await t.request('POST', `/auth/users/${dave.id}/block`, { key });
    const blocked = await signInWithSso({ connectionId: jitConnection });
    expect(blocked.url.searchParams.get('error')).toBe('user_blocked');
  });

  it("should apply the session policy's MFA requirement when the code is redeemed", async () => {
    idp.loginAs('erin-sub', { email: 'erin@acme.test', email_verified: true });
    const { url } = await signInWithSso({ connectionId: jitConnection });
    await t.request('PATCH', '/auth/security/session-policy', { key, body: { mfaRequired: true } });
    try {
      const res = await redeem(url.searchParams.get('code')!);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'MFA_REQUIRED', details: { enrollmentRequired: true } });
    } finally {
      await t.request('PATCH', '/auth/security/session-policy', { key, body: { mfaRequired: false } });
    }
  });

  it('should test a connection: discovery and JWKS through the URL guard, or what is wrong', async () => {
    const good = await t.request('POST', `/auth/connections/${jitConnection}/test`, { key });
    expect(good.status).toBe(200);
    expect(good.body.data.ok).toBe(true);
    expect(good.body.data.checks.map((c: { name: string }) => c.name)).toEqual([
      'enabled',
      'domains',
      'discovery',
      'endpoints',
      'code_flow',
      'pkce',
      'scopes',
      'jwks',
    ]);
    const deadPort = await freePort();
    const dead = (
      await t.request('POST', '/auth/connections', {
        key,
        body: {
          name: 'Dead',
          type: 'OIDC',
          config: { issuerUrl: `http://127.0.0.1:${deadPort}`, clientId: 'x', clientSecret: 'y' },
        },
      })
    ).body.data;
    const bad = await t.request('POST', `/auth/connections/${dead.id}/test`, { key });
    expect(bad.body.data.ok).toBe(false);
    expect(bad.body.data.checks).toEqual(
      expect.arrayContaining([
        { name: 'domains', ok: false, message: expect.stringContaining('No domains') },
        { name: 'discovery', ok: false, message: expect.stringContaining(`127.0.0.1:${deadPort}`) },
      ]),
    );
    const foreign = await t.request('POST', `/auth/connections/${jitConnection}/test`, {
      key: await t.key('sso-test-foreign'),
    });
    expect(foreign.status).toBe(404);
  });
});
