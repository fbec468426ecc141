import { eventually } from '../../helpers/test-platform.js';
import { messageIdOf, startAuthPlatform, tokenFromEmail, type AuthTestPlatform } from './helpers/auth-platform.js';

const PASSWORD = 'correct horse battery';

describe('auth email verification, password reset and change through the stack (tokens read from the delivered email)', () => {
  let t: AuthTestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startAuthPlatform();
    key = await t.key('auth-email-flows');
  });
  afterAll(() => t.stop());

  const newUser = async (email: string, extra: Record<string, unknown> = {}) =>
    (await t.request('POST', '/auth/users', { key, body: { email, password: PASSWORD, ...extra } })).body.data;
  const signIn = (email: string, password = PASSWORD) =>
    t.request('POST', '/auth/sign-in', { key, body: { email, password } });

  it('should email a verification token that makes the user ACTIVE once', async () => {
    const user = await newUser('verify-me@example.com');
    const sent = await t.request('POST', `/auth/users/${user.id}/verification-email`, {
      key,
      body: { redirectUrl: 'https://app.example.com/verify' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sent: true, messageId: expect.stringMatching(/^em_/) });
    const message = await eventually(async () => {
      const m = (await t.request('GET', `/emails/messages/${sent.body.data.messageId}`, { key })).body.data;
      return m?.to ? m : null;
    });
    expect(message).toMatchObject({ to: ['verify-me@example.com'], subject: 'Verify your email address' });
    // The stored copy shows no token; only the delivered message carries it.
    expect(message.text).toContain('https://app.example.com/verify?token=[redacted]');
    expect(message.text).toContain('Verification token: [redacted]');
    expect(message.text).not.toContain('tok_');
    const token = await tokenFromEmail(t, 'verify-me@example.com', /Verify/);
    const delivered = t.delivered.find((m) => messageIdOf(m) === sent.body.data.messageId)!;
    expect(delivered.text).toContain(`https://app.example.com/verify?token=${token}`);
    const stored = await eventually(async () => {
      const m = (await t.request('GET', `/emails/messages/${sent.body.data.messageId}`, { key })).body.data;
      return m.status === 'DELIVERED' ? m : null;
    });
    expect(JSON.stringify(stored)).not.toContain(token.slice(token.indexOf('.') + 1));
    // Delivered: the sealed real body is gone from the row.
    const [row] = await t.platform.orm.em
      .getConnection()
      .execute('select sealed_content from email.messages where id = ?', [stored.messageId]);
    expect(row.sealed_content).toBeNull();
    const verified = await t.request('POST', '/auth/verify-email', { key, body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ id: user.id, emailVerified: true, status: 'ACTIVE' });
    const again = await t.request('POST', '/auth/verify-email', { key, body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INVALID_TOKEN');
    expect((await t.request('POST', `/auth/users/${user.id}/verification-email`, { key })).status).toBe(409);
  });

  it('should expire verification tokens after 24 hours and refuse forged ones', async () => {
    const user = await newUser('late@example.com');
    await t.request('POST', `/auth/users/${user.id}/verification-email`, { key });
    const token = await tokenFromEmail(t, 'late@example.com', /Verify/);
    const forged = token.slice(0, token.indexOf('.') + 1) + 'A'.repeat(43);
    expect((await t.request('POST', '/auth/verify-email', { key, body: { token: forged } })).body.error.code).toBe(
      'INVALID_TOKEN',
    );
    t.clock.advance(24 * 3_600_000 + 1);
    expect((await t.request('POST', '/auth/verify-email', { key, body: { token } })).body.error.code).toBe(
      'INVALID_TOKEN',
    );
    expect((await t.request('POST', '/auth/verify-email', { key, body: {} })).body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'token' },
    });
  });

  it('should reset a password by an emailed single-use token: policy checked, sessions ended, lockout cleared, password.reset logged', async () => {
    const user = await newUser('forgot@example.com', { emailVerified: true });
    const { token: sessionToken } = (await signIn('forgot@example.com')).body.data;
    const asked = await t.request('POST', '/auth/password-reset', { key, body: { email: 'forgot@example.com' } });
    expect(asked.body.data).toEqual({ sent: true });
    // An unknown address answers exactly the same.
    expect(
      (await t.request('POST', '/auth/password-reset', { key, body: { email: 'ghost@example.com' } })).body,
    ).toEqual(asked.body);
    const token = await tokenFromEmail(t, 'forgot@example.com', /Reset/);
    const resetMail = t.delivered.find((m) => m.text?.includes(token))!;
    const storedText = (await t.request('GET', `/emails/messages/${messageIdOf(resetMail)}`, { key })).body.data.text;
    expect(storedText).toContain('Reset token: [redacted]');
    expect(storedText).not.toContain(token);
    const weak = await t.request('POST', '/auth/password-reset/confirm', { key, body: { token, password: 'short' } });
    expect(weak.body.error.code).toBe('PASSWORD_TOO_WEAK');
    const breached = await t.request('POST', '/auth/password-reset/confirm', {
      key,
      body: { token, password: 'iloveyou' },
    });
    expect(breached.body.error.code).toBe('PASSWORD_BREACHED');
    const done = await t.request('POST', '/auth/password-reset/confirm', {
      key,
      body: { token, password: 'a brand new passphrase' },
    });
    expect(done.status).toBe(200);
    expect(
      (
        await t.request('POST', '/auth/password-reset/confirm', {
          key,
          body: { token, password: 'another new passphrase' },
        })
      ).body.error.code,
    ).toBe('INVALID_TOKEN');
    expect((await t.request('POST', '/auth/sessions/verify', { key, body: { token: sessionToken } })).status).toBe(401);
    expect((await signIn('forgot@example.com')).status).toBe(401);
    expect((await signIn('forgot@example.com', 'a brand new passphrase')).status).toBe(200);
    const logs = await t.request('GET', `/auth/logs?userId=${user.id}&eventTypes[]=password.reset`, { key });
    expect(logs.body.data).toHaveLength(1);
  });

  it('should change a password (password.changed) against the policy', async () => {
    const user = await newUser('change@example.com', { emailVerified: true });
    const k = key;
    await t.request('PATCH', '/auth/security/password-policy', {
      key: k,
      body: { requireUppercase: true, requireNumbers: true, requireSymbols: true },
    });
    const weak = await t.request('POST', `/auth/users/${user.id}/password`, {
      key: k,
      body: { password: 'all lowercase words' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.details.unmet).toEqual(['an upper-case letter', 'a digit']);
    const ok = await t.request('POST', `/auth/users/${user.id}/password`, {
      key: k,
      body: { password: 'Better Pass 42!' },
    });
    expect(ok.status).toBe(200);
    expect((await signIn('change@example.com', 'Better Pass 42!')).status).toBe(200);
    const logs = await t.request('GET', `/auth/logs?userId=${user.id}&eventTypes[]=password.changed`, { key: k });
    expect(logs.body.data).toHaveLength(1);
    await t.request('PATCH', '/auth/security/password-policy', {
      key: k,
      body: { requireUppercase: false, requireNumbers: false, requireSymbols: false },
    });
  });
});
