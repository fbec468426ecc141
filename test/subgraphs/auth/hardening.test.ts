import * as OTPAuth from 'otpauth';
import { startAuthPlatform, tokensFromEmails, type AuthTestPlatform } from './helpers/auth-platform.js';

const PASSWORD = 'correct horse battery';

/** MFA verify is no brute-force oracle; a password reset or change voids every outstanding reset token. */
describe('auth hardening through the stack', () => {
  let t: AuthTestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startAuthPlatform();
    key = await t.key('auth-hardening');
  });
  afterAll(() => t.stop());

  const newUser = async (email: string, k = key) =>
    (await t.request('POST', '/auth/users', { key: k, body: { email, password: PASSWORD, emailVerified: true } })).body
      .data;
  const enrolPending = async (userId: string, k = key) => {
    const enrolment = (await t.request('POST', `/auth/users/${userId}/mfa/totp/enroll`, { key: k })).body.data;
    return new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(enrolment.secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
  };
  const verify = (userId: string, code: string, k = key) =>
    t.request('POST', `/auth/users/${userId}/mfa/totp/verify`, { key: k, body: { code } });

  describe('MFA verify', () => {
    it('should count wrong codes toward the account lockout, then verify nothing while the account is locked', async () => {
      const user = await newUser('oracle@example.com');
      const totp = await enrolPending(user.id);
      const answers: number[] = [];
      for (let i = 0; i < 5; i++) answers.push((await verify(user.id, '000000')).status);
      expect(answers).toEqual([401, 401, 401, 401, 423]); // the policy's default threshold is 5
      const signIn = await t.request('POST', '/auth/sign-in', {
        key,
        body: { email: 'oracle@example.com', password: PASSWORD },
      });
      expect(signIn.body.error.code).toBe('ACCOUNT_LOCKED');
      const right = await verify(user.id, totp.generate({ timestamp: t.clock.ms }));
      expect(right.status).toBe(423);
      expect(right.body.error.code).toBe('ACCOUNT_LOCKED');
      const factors = await t.request('GET', `/auth/users/${user.id}/mfa/factors`, { key });
      expect(factors.body.data.map((f: { status: string }) => f.status)).toEqual(['PENDING']);
      const logs = await t.request('GET', `/auth/logs?userId=${user.id}&eventTypes[]=user.locked`, { key });
      expect(logs.body.data).toHaveLength(1);
    });

    it('should stop checking a factor after 5 wrong codes in a row, even with lockout turned off; a new enrolment starts afresh', async () => {
      const k = await t.key('auth-hardening-nolock');
      expect(
        (await t.request('PATCH', '/auth/security/password-policy', { key: k, body: { lockoutThreshold: 0 } })).status,
      ).toBe(200);
      const user = await newUser('factor@example.com', k);
      const totp = await enrolPending(user.id, k);
      const left: unknown[] = [];
      for (let i = 0; i < 5; i++) left.push((await verify(user.id, '000000', k)).body.error.details.attemptsLeft);
      expect(left).toEqual([4, 3, 2, 1, 0]);
      const right = await verify(user.id, totp.generate({ timestamp: t.clock.ms }), k);
      expect(right.status).toBe(429);
      expect(right.body.error).toMatchObject({ code: 'MFA_ATTEMPTS_EXCEEDED', details: { maxAttempts: 5 } });
      const fresh = await enrolPending(user.id, k);
      expect((await verify(user.id, fresh.generate({ timestamp: t.clock.ms }), k)).body.data).toMatchObject({
        verified: true,
      });
    });
  });

  describe('password reset tokens', () => {
    it('should void an older reset token when a newer one resets the password', async () => {
      await newUser('twice@example.com');
      for (let i = 0; i < 2; i++)
        expect(
          (await t.request('POST', '/auth/password-reset', { key, body: { email: 'twice@example.com' } })).status,
        ).toBe(200);
      const [newer, older] = await tokensFromEmails(t, 'twice@example.com', /Reset/, 2, key);
      expect(
        (
          await t.request('POST', '/auth/password-reset/confirm', {
            key,
            body: { token: newer, password: 'a brand new passphrase' },
          })
        ).status,
      ).toBe(200);
      const stale = await t.request('POST', '/auth/password-reset/confirm', {
        key,
        body: { token: older, password: 'an attacker passphrase' },
      });
      expect(stale.status).toBe(400);
      expect(stale.body.error.code).toBe('INVALID_TOKEN');
    });

    it('should void an outstanding reset token when the password is changed', async () => {
      const user = await newUser('changed@example.com');
      await t.request('POST', '/auth/password-reset', { key, body: { email: 'changed@example.com' } });
      const [token] = await tokensFromEmails(t, 'changed@example.com', /Reset/, 1);
      expect(
        (
          await t.request('POST', `/auth/users/${user.id}/password`, {
            key,
            body: { password: 'a changed passphrase' },
          })
        ).status,
      ).toBe(200);
      const stale = await t.request('POST', '/auth/password-reset/confirm', {
        key,
        body: { token, password: 'an attacker passphrase' },
      });
      expect(stale.body.error.code).toBe('INVALID_TOKEN');
    });
  });
});
