import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase } from '../helpers/test-database.js';
import { freePort } from '../helpers/free-port.js';
import { entryOf, startChild, type PlatformChild } from './helpers/split-topology.js';

/**
 * Gateways and module processes started at once on an empty database (compose up, a rollout) all come up:
 * migrations and the bootstrap key are written once, under an advisory lock. Without it two gateways failed on
 * `create extension if not exists pg_trgm` (duplicate key in pg_extension) and exited.
 */
describe('processes started together on an empty database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: pg.Client;
  const key = `sk_start_${randomBytes(16).toString('hex')}`;
  const children: PlatformChild[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });
  afterAll(async () => {
    await Promise.all(children.map((c) => c.stop().catch(() => undefined)));
    await db?.end();
    await database?.drop();
  }, 60_000);

  it('should bring up two gateways and a module process, each migration and the bootstrap key written once', async () => {
    const [gwA, gwB, crm] = [await freePort(), await freePort(), await freePort()];
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      INTERNAL_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      BOOTSTRAP_API_KEY: key,
      SUBGRAPH_URLS: `crm=http://127.0.0.1:${crm}/graphql`,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DNS_PORT: '0',
      SMTP_INBOUND_PORT: '0',
    };
    const started = await Promise.allSettled([
      startChild('gateway A', entryOf('gateway'), gwA, { ...env, PORT: String(gwA) }, 120_000),
      startChild('gateway B', entryOf('gateway'), gwB, { ...env, PORT: String(gwB) }, 120_000),
      startChild('crm', entryOf('crm'), crm, { ...env, SUBGRAPH_PORT: String(crm) }, 120_000),
    ]);
    for (const result of started) if (result.status === 'fulfilled') children.push(result.value);
    expect(
      started.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
    ).toEqual([]);

    const { rows: migrations } = await db.query<{ name: string; n: number }>(
      'select name, count(*)::int as n from mikro_orm_migrations group by name',
    );
    expect(migrations.length).toBeGreaterThan(10); // every module's, from the gateways
    expect(migrations.filter((m) => m.n !== 1)).toEqual([]);
    const { rows: keys } = await db.query<{ n: number }>(
      `select count(*)::int as n from platform.api_keys where name = 'bootstrap'`,
    );
    expect(keys[0]!.n).toBe(1);
    for (const port of [gwA, gwB]) {
      const res = await fetch(`http://127.0.0.1:${port}/crm/contacts`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
    }
  }, 240_000);
});
