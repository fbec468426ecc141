import * as OTPAuth from 'otpauth';
import { startAuthPlatform, type AuthTestPlatform } from './helpers/auth-platform.js';

const PASSWORD = 'correct horse battery';

/** Limits that hold under concurrency: the password-hashing queue, and MFA attempts counted per factor. */
describe('auth sign-in limits through the stack', () => {
  let t: AuthTestPlatform;
  let key: string;

  beforeAll(async () => {
    // One hash at a time and one waiting: a burst of sign-ins overflows at once.
    t = await startAuthPlatform({}, { AUTH_HASH_CONCURRENCY: '1', AUTH_HASH_QUEUE: '1' });
    key = await t.key('auth-limits');
  });
  afterAll(() => t.stop());

  const newUser = async (email: string, k = key) => {
    const res = await t.request('POST', '/auth/users', {
      key: k,
      body: { email, password: PASSWORD, emailVerified: true },
    });
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const signIn = (email: string, k = key, password = PASSWORD) =>
    t.request('POST', '/auth/sign-in', { key: k, body: { email, password } });
  const enrol = async (userId: string, k: string) => {
    const enrolment = (await t.request('POST', `/auth/users/${userId}/mfa/totp/enroll`, { key: k })).body.data;
    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(enrolment.secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    expect(
      (
        await t.request('POST', `/auth/users/${userId}/mfa/totp/verify`, {
          key: k,
          body: { code: totp.generate({ timestamp: t.clock.ms }) },
        })
      ).status,
    ).toBe(200);
    t.clock.advance(30_000);
    return totp;
  };
  const noLockout = async (name: string) => {
    const k = await t.key(name);
    expect(
      (await t.request('PATCH', '/auth/security/password-policy', { key: k, body: { lockoutThreshold: 0 } })).status,
    ).toBe(200);
    return k;
  };

  it('should answer a sign-in burst beyond the hashing queue with 503 SERVICE_UNAVAILABLE and Retry-After, in the auth envelope', async () => {
    await newUser('burst@example.com');
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn('burst@example.com')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(200);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.headers.get('retry-after')).toBe('1');
      expect(r.body).toEqual({
        success: false,
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: expect.stringContaining('retry in 1 s'),
          details: { retryAfter: 1 },
        },
      });
    }
    // Once the burst is over, the queue is empty again.
    expect((await signIn('burst@example.com')).status).toBe(200);
  });

  it('should check at most 5 wrong codes of 16 sent at once to the verify endpoint, with lockout off, then refuse even the right one', async () => {
    const k = await noLockout('auth-limits-verify');
    const user = await newUser('racer@example.com', k);
    const totp = await enrol(user.id, k);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        t.request('POST', `/auth/users/${user.id}/mfa/totp/verify`, { key: k, body: { code: '000000' } }),
      ),
    );
    const codes = answers.map((a) => a.body.error?.code);
    expect(codes.filter((c) => c === 'INVALID_MFA_CODE')).toHaveLength(5);
    expect(codes.filter((c) => c === 'MFA_ATTEMPTS_EXCEEDED')).toHaveLength(11);
    expect(answers.filter((a) => a.body.error?.code === 'MFA_ATTEMPTS_EXCEEDED').every((a) => a.status === 429)).toBe(
      true,
    );
    const right = await t.request('POST', `/auth/users/${user.id}/mfa/totp/verify`, {
      key: k,
      body: { code: totp.generate({ timestamp: t.clock.ms }) },
    });
    expect(right.status).toBe(429);
  });

  it('should check at most 5 wrong codes of 16 sent at once to the sign-in MFA step, with lockout off; a recovery code still signs in and ends the run', async () => {
    const k = await noLockout('auth-limits-sign-in');
    const user = await newUser('stepper@example.com', k);
    const totp = await enrol(user.id, k);
    const recovery: string[] = (await t.request('POST', `/auth/users/${user.id}/mfa/recovery-codes`, { key: k })).body
      .data.codes;
    const first = await signIn('stepper@example.com', k);
    expect(first.body.error.code).toBe('MFA_REQUIRED');
    const { mfaToken } = first.body.error.details;
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        t.request('POST', '/auth/sign-in/mfa', { key: k, body: { mfaToken, code: String(100000 + i) } }),
      ),
    );
    const codes = answers.map((a) => a.body.error?.code);
    expect(codes.filter((c) => c === 'INVALID_MFA_CODE').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 'MFA_ATTEMPTS_EXCEEDED').length).toBeGreaterThanOrEqual(11);
    expect(codes.filter((c) => c !== 'INVALID_MFA_CODE' && c !== 'MFA_ATTEMPTS_EXCEEDED')).toEqual([]);
    // Sequentially too: the factor stays refused, the right code included.
    const right = await t.request('POST', '/auth/sign-in/mfa', {
      key: k,
      body: { mfaToken, code: totp.generate({ timestamp: t.clock.ms }) },
    });
    expect(right.status).toBe(429);
    expect(right.body.error).toMatchObject({ code: 'MFA_ATTEMPTS_EXCEEDED', details: { maxAttempts: 5 } });
    // The owner signs in with a recovery code; the factor then accepts its codes again.
    expect(
      (await t.request('POST', '/auth/sign-in/mfa', { key: k, body: { mfaToken, recoveryCode: recovery[0] } })).status,
    ).toBe(200);
    t.clock.advance(30_000);
    const again = (await signIn('stepper@example.com', k)).body.error.details.mfaToken;
    expect(
      (
        await t.request('POST', '/auth/sign-in/mfa', {
          key: k,
          body: { mfaToken: again, code: totp.generate({ timestamp: t.clock.ms }) },
        })
      ).status,
    ).toBe(200);
  });
});
