import { loadConfig } from '../../../gateway/module-manifests.js';
import { startPlatform, type Platform } from '../../../gateway/runner.js';
import { createTestDatabase } from '../../helpers/test-database.js';
import { eventually } from '../../helpers/test-platform.js';

const REVOKE = 'mutation($id: ID!) { revokeApiKey(id: $id) }';

/** Two platform processes' worth of runners on one database: a revoke on A, the key used on A and on B. */
async function twoInstances() {
  const database = await createTestDatabase();
  const env = {
    DATABASE_URL: database.url,
    PORT: '0',
    DNS_PORT: '0',
    SMTP_INBOUND_PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JOBS_PROCESS_EVERY_MS: '200',
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}),
  };
  const a = await startPlatform(loadConfig(env));
  const b = await startPlatform(loadConfig(env));
  return {
    a,
    b,
    stop: async () => {
      await a.stop();
      await b.stop();
      await database.drop();
    },
  };
}

async function call(platform: Platform, method: string, path: string, key: string, body?: unknown) {
  const res = await fetch(platform.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/**
 * Holds the revocation NOTIFYs `platform` hears until `release()`: on one machine the NOTIFY usually comes back before
 * the revoke's answer, which would hide a revoke that relies on it alone.
 */
function holdNotifications(platform: Platform) {
  const service = platform.apiKeys as unknown as { heardRevoked(hash: string): void };
  const heard = service.heardRevoked.bind(service);
  const held: string[] = [];
  service.heardRevoked = (hash) => void held.push(hash);
  return {
    held,
    release: () => {
      service.heardRevoked = heard;
      for (const hash of held) heard(hash);
    },
  };
}

describe('a revoked API key', () => {
  let t: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    t = await twoInstances();
  });
  afterAll(() => t.stop());

  it('should be refused by the revoking process on the request right after the answer, and by the other process once it hears', async () => {
    const admin = (await t.a.apiKeys.createKey({ orgSlug: 'revoking', type: 'SERVER' })).key;
    const { key, record } = await t.a.apiKeys.createKey({ orgSlug: 'revoking', type: 'SERVER', scopes: ['email'] });
    // Both processes have the key in their cache: a revoke must reach past it.
    expect((await call(t.a, 'GET', '/emails/messages', key)).status).toBe(200);
    expect((await call(t.b, 'GET', '/emails/messages', key)).status).toBe(200);

    const notifications = holdNotifications(t.a);
    try {
      const revoked = await call(t.a, 'POST', '/graphql', admin, { query: REVOKE, variables: { id: record.id } });
      expect(revoked.body).toEqual({ data: { revokeApiKey: true } });

      const refused = await call(t.a, 'GET', '/emails/messages', key);
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('UNAUTHORIZED');
      // The other process learns by the NOTIFY alone.
      await eventually(async () => (await call(t.b, 'GET', '/emails/messages', key)).status === 401);
      // A heard its own NOTIFY too (it still tells A's subscriptions to end); it was never needed for the 401.
      await eventually(async () => notifications.held.length > 0);
    } finally {
      notifications.release();
    }
    expect((await call(t.a, 'GET', '/emails/messages', key)).status).toBe(401);
    // The revoking key itself is untouched.
    expect((await call(t.a, 'GET', '/emails/messages', admin)).status).toBe(200);
  });

  it('should refuse an unknown id with NOT_FOUND and change nothing', async () => {
    const admin = (await t.a.apiKeys.createKey({ orgSlug: 'unknown-id', type: 'SERVER' })).key;
    const { key } = await t.a.apiKeys.createKey({ orgSlug: 'unknown-id', type: 'SERVER', scopes: ['email'] });
    const res = await call(t.a, 'POST', '/graphql', admin, {
      query: REVOKE,
      variables: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await call(t.a, 'GET', '/emails/messages', key)).status).toBe(200);
  });
});
