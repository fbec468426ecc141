import { startAuthPlatform, type AuthTestPlatform } from './helpers/auth-platform.js';

const PASSWORD = 'correct horse battery';

describe('auth sign-in, sessions, lockout and audit logs through the stack', () => {
  let t: AuthTestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startAuthPlatform();
    key = await t.key('auth-sign-in');
  });
  afterAll(() => t.stop());

  const newUser = async (email: string, extra: Record<string, unknown> = {}, k = key) =>
    (
      await t.request('POST', '/auth/users', {
        key: k,
        body: { email, password: PASSWORD, emailVerified: true, ...extra },
      })
    ).body.data;
  const signIn = (body: Record<string, unknown>, k = key) =>
    t.request('POST', '/auth/sign-in', { key: k, body: { ip: '203.0.113.7', userAgent: 'Browser/1.0', ...body } });
  const verify = (token: string, k = key) => t.request('POST', '/auth/sessions/verify', { key: k, body: { token } });

  it('should sign in with email and password, returning a token that verifies', async () => {
    const user = await newUser('sam@example.com');
    const res = await signIn({ email: 'SAM@example.com', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      token: expect.stringMatching(/^sess_[0-9a-z]{26}\.[A-Za-z0-9_-]{43}$/),
      session: { userId: user.id, ip: '203.0.113.7', userAgent: 'Browser/1.0', mfaVerified: false, revokedAt: null },
      user: { id: user.id, lastSignInAt: expect.any(String) },
    });
    const verified = await verify(res.body.data.token);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      success: true,
      data: {
        valid: true,
        session: {
          id: res.body.data.session.id,
          userId: user.id,
          mfaVerified: false,
          createdAt: expect.any(String),
          expiresAt: expect.any(String),
          lastActiveAt: expect.any(String),
        },
        user: { id: user.id, email: 'sam@example.com', emailVerified: true, status: 'ACTIVE' },
      },
    });
  });

  it('should refuse a wrong password or unknown address alike (401 INVALID_CREDENTIALS), logging login.failed with IP and user agent', async () => {
    const user = await newUser('wrong@example.com');
    const bad = await signIn({ email: 'wrong@example.com', password: 'not the password' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({
      success: false,
      error: { code: 'INVALID_CREDENTIALS', message: 'Wrong email or password' },
    });
    const unknown = await signIn({ email: 'nobody@example.com', password: 'whatever it is' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.message).toBe(bad.body.error.message);
    const logs = await t.request('GET', `/auth/logs?userId=${user.id}&eventTypes[]=login.failed`, { key });
    expect(logs.body.data).toEqual([
      expect.objectContaining({
        type: 'login.failed',
        userId: user.id,
        ip: '203.0.113.7',
        userAgent: 'Browser/1.0',
        data: expect.objectContaining({ reason: 'INVALID_PASSWORD' }),
      }),
    ]);
  });

  it("should lock the account after the policy's failed attempts (423 ACCOUNT_LOCKED, even with the right password) until the duration passes", async () => {
    const k = await t.key('auth-lockout');
    await t.request('PATCH', '/auth/security/password-policy', {
      key: k,
      body: { lockoutThreshold: 3, lockoutDurationMinutes: 10 },
    });
    await newUser('locky@example.com', {}, k);
    expect((await signIn({ email: 'locky@example.com', password: 'bad one 1' }, k)).status).toBe(401);
    expect((await signIn({ email: 'locky@example.com', password: 'bad one 2' }, k)).status).toBe(401);
    const third = await signIn({ email: 'locky@example.com', password: 'bad one 3' }, k);
    expect(third.status).toBe(423);
    expect(third.body.error).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      details: { lockedUntil: new Date(t.clock.ms + 10 * 60_000).toISOString() },
    });
    expect((await signIn({ email: 'locky@example.com', password: PASSWORD }, k)).status).toBe(423);
    t.clock.advance(9 * 60_000);
    expect((await signIn({ email: 'locky@example.com', password: PASSWORD }, k)).status).toBe(423);
    t.clock.advance(60_000);
    expect((await signIn({ email: 'locky@example.com', password: PASSWORD }, k)).status).toBe(200);
  });

  it('should answer 403 USER_BLOCKED for a blocked user and end their sessions', async () => {
    const user = await newUser('blocked@example.com');
    const { token } = (await signIn({ email: 'blocked@example.com', password: PASSWORD })).body.data;
    expect((await verify(token)).status).toBe(200);
    await t.request('POST', `/auth/users/${user.id}/block`, { key });
    const res = await signIn({ email: 'blocked@example.com', password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('USER_BLOCKED');
    const after = await verify(token);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('INVALID_SESSION');
  });

  it('should answer 403 EMAIL_NOT_VERIFIED when the policy requires verification', async () => {
    const k = await t.key('auth-verify-policy');
    await newUser('unverified@example.com', { emailVerified: false }, k);
    expect((await signIn({ email: 'unverified@example.com', password: PASSWORD }, k)).status).toBe(200);
    const policy = await t.request('PATCH', '/auth/security/password-policy', {
      key: k,
      body: { requireEmailVerification: true },
    });
    expect(policy.body.data.requireEmailVerification).toBe(true);
    const res = await signIn({ email: 'unverified@example.com', password: PASSWORD }, k);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('should sign out (the token stops verifying) and list, revoke one and revoke all sessions', async () => {
    const user = await newUser('multi@example.com');
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++)
      tokens.push((await signIn({ email: 'multi@example.com', password: PASSWORD })).body.data.token);
    const out = await t.request('POST', '/auth/sign-out', { key, body: { token: tokens[0] } });
    expect(out.status).toBe(200);
    expect(out.body.data.revoked).toHaveLength(1);
    expect((await verify(tokens[0]!)).status).toBe(401);
    const list = await t.request('GET', `/auth/users/${user.id}/sessions`, { key });
    expect(list.body.data).toHaveLength(2);
    const one = await t.request('DELETE', `/auth/sessions/${list.body.data[0].id}`, { key });
    expect(one.body.data.revokedAt).toEqual(expect.any(String));
    expect((await verify(tokens[2]!)).status).toBe(401);
    expect((await verify(tokens[1]!)).status).toBe(200);
    const all = await t.request('DELETE', `/auth/users/${user.id}/sessions`, { key });
    expect(all.body.data.revoked).toHaveLength(1);
    expect((await verify(tokens[1]!)).status).toBe(401);
    expect(
      (await t.request('GET', `/auth/users/${user.id}/sessions?includeInactive=true`, { key })).body.data,
    ).toHaveLength(3);
  });

  it('should end sessions by the session policy: lifetime and idle timeout', async () => {
    const k = await t.key('auth-session-policy');
    const policy = await t.request('PATCH', '/auth/security/session-policy', {
      key: k,
      body: { lifetimeMinutes: 60, idleTimeoutMinutes: 10 },
    });
    expect(policy.body.data).toEqual({
      lifetimeMinutes: 60,
      idleTimeoutMinutes: 10,
      mfaRequired: false,
      maxSessionsPerUser: 0,
    });
    await newUser('idle@example.com', {}, k);
    const { token } = (await signIn({ email: 'idle@example.com', password: PASSWORD }, k)).body.data;
    t.clock.advance(9 * 60_000);
    expect((await verify(token, k)).status).toBe(200);
    t.clock.advance(11 * 60_000); // 11 min idle since the last use
    expect((await verify(token, k)).status).toBe(401);
    const second = (await signIn({ email: 'idle@example.com', password: PASSWORD }, k)).body.data.token;
    for (let i = 0; i < 6; i++) {
      t.clock.advance(9 * 60_000);
      expect([i, (await verify(second, k)).status]).toEqual([i, 200]);
    }
    t.clock.advance(7 * 60_000); // 61 min after sign-in
    expect((await verify(second, k)).status).toBe(401);
  });

  it("should refuse malformed tokens and other organizations' sessions", async () => {
    await newUser('iso@example.com');
    const { token } = (await signIn({ email: 'iso@example.com', password: PASSWORD })).body.data;
    const other = await t.key('auth-sign-in-other');
    expect((await verify(token, other)).status).toBe(401);
    expect((await verify('garbage')).body.error.code).toBe('INVALID_SESSION');
    expect((await verify(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).status).toBe(401);
    const missing = await t.request('POST', '/auth/sessions/verify', { key, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toMatchObject({ field: 'token' });
    expect((await signIn({ email: 'iso@example.com', password: PASSWORD }, other)).status).toBe(401);
    const sessionId = token.split('.')[0];
    expect((await t.request('DELETE', `/auth/sessions/${sessionId}`, { key: other })).status).toBe(404);
    expect((await verify(token)).status).toBe(200);
    const user = (await t.request('GET', '/auth/users?search=iso@', { key })).body.data[0];
    expect((await t.request('GET', `/auth/users/${user.id}/sessions`, { key: other })).status).toBe(404);
    expect((await t.request('DELETE', `/auth/users/${user.id}/sessions`, { key: other })).status).toBe(404);
    expect((await t.request('GET', `/auth/logs?userId=${user.id}`, { key: other })).body.data).toEqual([]);
  });

  it('should keep applicationId on the session and refuse an unknown one', async () => {
    await newUser('app-user@example.com');
    const app = (await t.request('POST', '/auth/applications', { key, body: { name: 'SPA', type: 'SPA' } })).body.data;
    const res = await signIn({ email: 'app-user@example.com', password: PASSWORD, applicationId: app.id });
    expect(res.body.data.session.applicationId).toBe(app.id);
    const bad = await signIn({ email: 'app-user@example.com', password: PASSWORD, applicationId: 'app_nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({ field: 'applicationId' });
  });

  it('should validate policy patches with details', async () => {
    const res = await t.request('PATCH', '/auth/security/password-policy', { key, body: { minLength: 0 } });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toMatchObject({ field: 'minLength', received: 0 });
    expect(
      (await t.request('PATCH', '/auth/security/password-policy', { key, body: { minLength: 'eight' } })).status,
    ).toBe(400);
    expect((await t.request('PATCH', '/auth/security/session-policy', { key, body: { idle: 3 } })).status).toBe(400);
    const policy = await t.request('GET', '/auth/security/password-policy', { key });
    expect(policy.body.data).toMatchObject({
      minLength: 8,
      breachedPasswordCheck: true,
      lockoutThreshold: 5,
      lockoutDurationMinutes: 15,
    });
  });

  it('should filter the audit log by dates, types and user, with count up to 500', async () => {
    const user = await newUser('audited@example.com');
    await signIn({ email: 'audited@example.com', password: PASSWORD });
    await signIn({ email: 'audited@example.com', password: 'wrong password!' });
    const all = await t.request('GET', `/auth/logs?userId=${user.id}`, { key });
    expect(all.body.data.map((e: { type: string }) => e.type)).toEqual([
      'login.failed',
      'login.success',
      'user.created',
    ]);
    const types = await t.request(
      'GET',
      `/auth/logs?userId=${user.id}&eventTypes[]=login.success&eventTypes[]=user.created`,
      { key },
    );
    expect(types.body.data).toHaveLength(2);
    const future = new Date(t.clock.ms + 3_600_000).toISOString();
    expect((await t.request('GET', `/auth/logs?userId=${user.id}&startDate=${future}`, { key })).body.data).toEqual([]);
    expect((await t.request('GET', '/auth/logs?count=501', { key })).status).toBe(400);
    expect((await t.request('GET', '/auth/logs?startDate=yesterday', { key })).body.error.details).toMatchObject({
      field: 'startDate',
    });
  });
});
