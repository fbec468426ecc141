import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { startAuthPlatform, type AuthTestPlatform } from '../helpers/auth-platform.js';

/** AUTH_HIBP_ENABLED + AUTH_HIBP_URL through the real stack, against a local range API double. */
describe('breached-password check with the HIBP range API configured', () => {
  let t: AuthTestPlatform;
  let hibp: Server;
  const asked: string[] = [];
  const pwned = 'a rare but leaked passphrase';
  const sha1 = createHash('sha1').update(pwned).digest('hex').toUpperCase();

  beforeAll(async () => {
    hibp = createServer((req, res) => {
      asked.push(req.url ?? '');
      const prefix = (req.url ?? '').split('/').pop();
      res.end(
        prefix === sha1.slice(0, 5)
          ? `${sha1.slice(5)}:42\r\n0123456789ABCDEF0123456789ABCDEF012:0\r\n`
          : '0123456789ABCDEF0123456789ABCDEF012:0\r\n',
      );
    });
    await new Promise<void>((r) => hibp.listen(0, '127.0.0.1', () => r()));
    const port = (hibp.address() as { port: number }).port;
    t = await startAuthPlatform({}, { AUTH_HIBP_ENABLED: 'true', AUTH_HIBP_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.stop();
    hibp.close();
  });

  it('should refuse a password the range API knows, sending only the 5-character prefix, and accept others', async () => {
    const key = await t.key('auth-hibp');
    const res = await t.request('POST', '/auth/users', { key, body: { email: 'leak@example.com', password: pwned } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('PASSWORD_BREACHED');
    expect(asked).toEqual([`/range/${sha1.slice(0, 5)}`]);
    expect(
      (
        await t.request('POST', '/auth/users', {
          key,
          body: { email: 'fine@example.com', password: 'an unleaked passphrase' },
        })
      ).status,
    ).toBe(201);
    // The policy can turn the check off.
    await t.request('PATCH', '/auth/security/password-policy', { key, body: { breachedPasswordCheck: false } });
    expect(
      (await t.request('POST', '/auth/users', { key, body: { email: 'leak@example.com', password: pwned } })).status,
    ).toBe(201);
  });
});
