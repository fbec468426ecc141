import * as OTPAuth from 'otpauth';
import { eventually } from '../../helpers/test-platform.js';
import { startAuthPlatform, type AuthTestPlatform } from './helpers/auth-platform.js';

const PASSWORD = 'correct horse battery';

describe('auth MFA (TOTP, recovery codes) through the stack, with an independent TOTP client', () => {
  let t: AuthTestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startAuthPlatform({}, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    key = await t.key('auth-mfa');
  });
  afterAll(() => t.stop());

  const newUser = async (email: string, k = key) =>
    (await t.request('POST', '/auth/users', { key: k, body: { email, password: PASSWORD, emailVerified: true } })).body
      .data;
  const signIn = (email: string, k = key) =>
    t.request('POST', '/auth/sign-in', { key: k, body: { email, password: PASSWORD } });
  const totpOf = (secret: string) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  /** Enrols and verifies a factor; returns the otpauth client. */
  const enrol = async (userId: string, k = key) => {
    const enrolment = (await t.request('POST', `/auth/users/${userId}/mfa/totp/enroll`, { key: k })).body.data;
    const totp = totpOf(enrolment.secret);
    const verified = await t.request('POST', `/auth/users/${userId}/mfa/totp/verify`, {
      key: k,
      body: { code: totp.generate({ timestamp: t.clock.ms }) },
    });
    expect(verified.status).toBe(200);
    t.clock.advance(30_000); // the next code is a new step
    return totp;
  };

  it('should enrol TOTP: secret and an otpauth URI that otpauth parses; the first code verifies it (mfa.enrolled)', async () => {
    const user = await newUser('totp@example.com');
    const res = await t.request('POST', `/auth/users/${user.id}/mfa/totp/enroll`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      factorId: expect.stringMatching(/^mfa_/),
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      qrCodeUri: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    const parsed = OTPAuth.URI.parse(res.body.data.qrCodeUri) as OTPAuth.TOTP;
    expect(parsed).toBeInstanceOf(OTPAuth.TOTP);
    expect(parsed.secret.base32).toBe(res.body.data.secret);
    expect(parsed.label).toBe('totp@example.com');
    expect([parsed.digits, parsed.period, parsed.algorithm]).toEqual([6, 30, 'SHA1']);
    const factors = await t.request('GET', `/auth/users/${user.id}/mfa/factors`, { key });
    expect(factors.body.data).toEqual([
      expect.objectContaining({ id: res.body.data.factorId, type: 'TOTP', status: 'PENDING' }),
    ]);
    const wrong = await t.request('POST', `/auth/users/${user.id}/mfa/totp/verify`, { key, body: { code: '000000' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_MFA_CODE');
    const code = parsed.generate({ timestamp: t.clock.ms });
    const ok = await t.request('POST', `/auth/users/${user.id}/mfa/totp/verify`, { key, body: { code } });
    expect(ok.body.data).toMatchObject({
      verified: true,
      factor: { status: 'VERIFIED', verifiedAt: expect.any(String) },
    });
    // The same code cannot be used twice.
    const again = await t.request('POST', `/auth/users/${user.id}/mfa/totp/verify`, { key, body: { code } });
    expect(again.body.error.code).toBe('INVALID_MFA_CODE');
    const logs = await t.request('GET', `/auth/logs?userId=${user.id}&eventTypes[]=mfa.enrolled`, { key });
    expect(logs.body.data).toHaveLength(1);
  });

  it('should accept one step of drift either way and no more', async () => {
    const user = await newUser('drift@example.com');
    const totp = await enrol(user.id);
    t.clock.advance(30_000); // the step before now must not be the enrolment's (already used) step
    const { mfaToken } = (await signIn('drift@example.com')).body.error.details;
    const tooOld = totp.generate({ timestamp: t.clock.ms - 60_000 });
    const tooNew = totp.generate({ timestamp: t.clock.ms + 60_000 });
    for (const code of [tooOld, tooNew]) {
      expect((await t.request('POST', '/auth/sign-in/mfa', { key, body: { mfaToken, code } })).body.error?.code).toBe(
        'INVALID_MFA_CODE',
      );
    }
    const previous = totp.generate({ timestamp: t.clock.ms - 30_000 });
    expect((await t.request('POST', '/auth/sign-in/mfa', { key, body: { mfaToken, code: previous } })).status).toBe(
      200,
    );
    t.clock.advance(30_000);
    const { mfaToken: second } = (await signIn('drift@example.com')).body.error.details;
    expect(
      (
        await t.request('POST', '/auth/sign-in/mfa', {
          key,
          body: { mfaToken: second, code: totp.generate({ timestamp: t.clock.ms + 30_000 }) },
        })
      ).status,
    ).toBe(200);
  });

  it('should answer MFA_REQUIRED with an mfaToken, then open an mfaVerified session with a TOTP code; the same code is refused next time', async () => {
    const user = await newUser('twostep@example.com');
    const totp = await enrol(user.id);
    const first = await signIn('twostep@example.com');
    expect(first.status).toBe(403);
    expect(first.body.error).toEqual({
      code: 'MFA_REQUIRED',
      message: expect.any(String),
      details: {
        mfaToken: expect.stringMatching(/^mfa_ch_/),
        factors: ['totp', 'recovery_code'],
        expiresAt: expect.any(String),
      },
    });
    const code = totp.generate({ timestamp: t.clock.ms });
    const done = await t.request('POST', '/auth/sign-in/mfa', {
      key,
      body: { mfaToken: first.body.error.details.mfaToken, code },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.session).toMatchObject({ userId: user.id, mfaVerified: true });
    // The challenge is single use, and so is the code.
    expect(
      (
        await t.request('POST', '/auth/sign-in/mfa', {
          key,
          body: { mfaToken: first.body.error.details.mfaToken, code },
        })
      ).body.error.code,
    ).toBe('INVALID_TOKEN');
    const next = (await signIn('twostep@example.com')).body.error.details.mfaToken;
    const replay = await t.request('POST', '/auth/sign-in/mfa', { key, body: { mfaToken: next, code } });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('INVALID_MFA_CODE');
    const failed = await t.request('GET', `/auth/logs?userId=${user.id}&eventTypes[]=login.failed`, { key });
    expect(failed.body.data[0].data).toMatchObject({ reason: 'INVALID_MFA_CODE' });
  });

  it('should expire an mfaToken after 5 minutes', async () => {
    const user = await newUser('slow@example.com');
    const totp = await enrol(user.id);
    const { mfaToken } = (await signIn('slow@example.com')).body.error.details;
    t.clock.advance(5 * 60_000 + 1);
    const res = await t.request('POST', '/auth/sign-in/mfa', {
      key,
      body: { mfaToken, code: totp.generate({ timestamp: t.clock.ms }) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_TOKEN');
  });

  it('should issue 10 recovery codes, each usable once; a new set replaces the old one', async () => {
    const user = await newUser('recover@example.com');
    await enrol(user.id);
    const res = await t.request('POST', `/auth/users/${user.id}/mfa/recovery-codes`, { key });
    expect(res.status).toBe(200);
    const codes: string[] = res.body.data.codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const step = async (recoveryCode: string) => {
      const { mfaToken } = (await signIn('recover@example.com')).body.error.details;
      return t.request('POST', '/auth/sign-in/mfa', { key, body: { mfaToken, recoveryCode } });
    };
    expect((await step(codes[0]!.toUpperCase())).status).toBe(200);
    const reused = await step(codes[0]!);
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe('INVALID_MFA_CODE');
    const fresh = (await t.request('POST', `/auth/users/${user.id}/mfa/recovery-codes`, { key })).body.data.codes;
    expect((await step(codes[1]!)).status).toBe(401);
    expect((await step(fresh[0])).status).toBe(200);
    const both = await t.request('POST', '/auth/sign-in/mfa', {
      key,
      body: {
        mfaToken: (await signIn('recover@example.com')).body.error.details.mfaToken,
        code: '123456',
        recoveryCode: fresh[1],
      },
    });
    expect(both.status).toBe(400);
  });

  it('should delete a factor: sign-in needs no second step afterwards; the session policy can require MFA', async () => {
    const k = await t.key('auth-mfa-policy');
    const user = await newUser('del@example.com', k);
    await enrol(user.id, k);
    const factorId = (await t.request('GET', `/auth/users/${user.id}/mfa/factors`, { key: k })).body.data[0].id;
    const del = await t.request('DELETE', `/auth/users/${user.id}/mfa/factors/${factorId}`, { key: k });
    expect(del.status).toBe(200);
    expect((await t.request('GET', `/auth/users/${user.id}/mfa/factors`, { key: k })).body.data).toEqual([]);
    expect((await signIn('del@example.com', k)).status).toBe(200);
    await t.request('PATCH', '/auth/security/session-policy', { key: k, body: { mfaRequired: true } });
    const res = await signIn('del@example.com', k);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'MFA_REQUIRED', details: { enrollmentRequired: true } });
    expect((await t.request('DELETE', `/auth/users/${user.id}/mfa/factors/${factorId}`, { key: k })).status).toBe(404);
  });

  it('should lock the account after repeated wrong MFA codes', async () => {
    const k = await t.key('auth-mfa-lock');
    await t.request('PATCH', '/auth/security/password-policy', { key: k, body: { lockoutThreshold: 2 } });
    const user = await newUser('brute@example.com', k);
    await enrol(user.id, k);
    const { mfaToken } = (await signIn('brute@example.com', k)).body.error.details;
    expect((await t.request('POST', '/auth/sign-in/mfa', { key: k, body: { mfaToken, code: '111111' } })).status).toBe(
      401,
    );
    expect((await t.request('POST', '/auth/sign-in/mfa', { key: k, body: { mfaToken, code: '222222' } })).status).toBe(
      423,
    );
  });

  it('should deliver auth events to /auth/webhooks', async () => {
    const received: { type: string; data: Record<string, unknown> }[] = [];
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        received.push(JSON.parse(raw));
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    const k = await t.key('auth-hooks');
    const hook = await t.request('POST', '/auth/webhooks', {
      key: k,
      body: {
        url: `http://127.0.0.1:${port}/hook`,
        events: ['user.created', 'login.success', 'login.failed', 'user.blocked'],
      },
    });
    expect(hook.status).toBe(201);
    expect(
      (
        await t.request('POST', '/auth/webhooks', {
          key: k,
          body: { url: `http://127.0.0.1:${port}/hook`, events: ['email.sent'] },
        })
      ).status,
    ).toBe(400);
    const user = await newUser('hooked@example.com', k);
    await signIn('hooked@example.com', k);
    await t.request('POST', '/auth/sign-in', {
      key: k,
      body: { email: 'hooked@example.com', password: 'wrong password!' },
    });
    await t.request('POST', `/auth/users/${user.id}/block`, { key: k });
    await eventually(async () => received.length >= 4);
    server.close();
    expect(received.map((e) => e.type).sort()).toEqual([
      'login.failed',
      'login.success',
      'user.blocked',
      'user.created',
    ]);
    expect(received.find((e) => e.type === 'login.success')!.data).toMatchObject({
      userId: user.id,
      email: 'hooked@example.com',
      sessionId: expect.stringMatching(/^sess_/),
    });
    const list = await t.request('GET', '/auth/webhooks', { key: k });
    expect(list.body.data).toHaveLength(1);
    const deliveries = await t.request('GET', `/auth/webhooks/${hook.body.data.id}/deliveries`, { key: k });
    expect(deliveries.body.data.length).toBeGreaterThanOrEqual(4);
  });
});
