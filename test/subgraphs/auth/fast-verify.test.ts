import { eventually } from '../../helpers/test-platform.js';
import { startAuthPlatform, type AuthTestPlatform } from './helpers/auth-platform.js';

const PASSWORD = 'correct horse battery';

describe('the fast session verification path (POST /auth/sessions/verify in-process, cached, revocations by NOTIFY)', () => {
  let t: AuthTestPlatform;
  let key: string;

  beforeAll(async () => {
    // A long cache TTL: only revocation notices can make these tests see a change.
    t = await startAuthPlatform({ sessionCacheTtlMs: 3_600_000 });
    key = await t.key('auth-fast');
  });
  afterAll(() => t.stop());

  const session = async (email: string) => {
    await t.request('POST', '/auth/users', { key, body: { email, password: PASSWORD, emailVerified: true } });
    return (await t.request('POST', '/auth/sign-in', { key, body: { email, password: PASSWORD } })).body.data;
  };
  const verify = (token: unknown, k: string | undefined = key) =>
    t.request('POST', '/auth/sessions/verify', { key: k, body: { token } });

  it('should answer exactly what the GraphQL operation answers, with the rate-limit headers', async () => {
    const { token } = await session('same@example.com');
    const fast = await verify(token);
    expect(fast.status).toBe(200);
    expect(fast.headers.get('x-ratelimit-limit')).not.toBeNull();
    const gql = await t.graphql(
      key,
      'mutation($token: String!) { verifyAuthSession(token: $token) { valid session { id userId mfaVerified createdAt expiresAt lastActiveAt } user { id email emailVerified status } } }',
      { token },
    );
    expect(fast.body).toEqual({ success: true, data: gql.body.data.verifyAuthSession });
  });

  it('should drop a cached session when another process revokes it (NOTIFY on commit)', async () => {
    const { token, session: s } = await session('notify@example.com');
    expect((await verify(token)).status).toBe(200); // now cached for an hour
    const db = t.platform.orm.em.getConnection();
    await db.execute('update auth.sessions set revoked_at = now() where id = ?', [s.id]);
    expect((await verify(token)).status).toBe(200); // no notice yet: still served from the cache
    await db.execute(`select pg_notify('auth_sessions_revoked', ?)`, [s.id]);
    await eventually(async () => (await verify(token)).status === 401);
  });

  it("should drop it at once on the API's revocations", async () => {
    const { token, session: s } = await session('api@example.com');
    expect((await verify(token)).status).toBe(200);
    await t.request('DELETE', `/auth/sessions/${s.id}`, { key });
    expect((await verify(token)).status).toBe(401);
  });

  it('should check key, scope and body like the bridge', async () => {
    const { token } = await session('checks@example.com');
    expect((await t.request('POST', '/auth/sessions/verify', { body: { token } })).status).toBe(401);
    expect((await verify(token, 'sk_srv_not_a_real_key_at_all')).body.error.code).toBe('UNAUTHORIZED');
    const smsOnly = await t.key('auth-fast', 'SERVER', ['sms']);
    expect((await verify(token, smsOnly)).status).toBe(403);
    const sending = await t.key('auth-fast', 'SENDING');
    expect((await verify(token, sending)).status).toBe(403);
    expect((await verify(42)).body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'token', received: 42 },
    });
    const extra = await t.request('POST', '/auth/sessions/verify', { key, body: { token, user: 1 } });
    expect(extra.body.error.details).toMatchObject({ field: 'user' });
    const notJson = await t.request('POST', '/auth/sessions/verify', {
      key,
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect((await t.request('POST', '/auth/sessions/verify', { key, body: [token] })).status).toBe(400);
  });
});
