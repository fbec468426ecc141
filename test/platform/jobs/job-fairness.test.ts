import type { MikroORM } from '@mikro-orm/postgresql';
import { createTestDatabase } from '../../helpers/test-database.js';
import { eventually } from '../../helpers/test-platform.js';
import { createOrm } from '../../../platform/orm/create-orm.js';
import { platformData } from '../../../platform/migrations/index.js';
import { runMigrations } from '../../../platform/migrations/run-migrations.js';
import { createLogger } from '../../../platform/logging/logger.js';
import { Jobs } from '../../../platform/jobs/jobs.js';
import { organizationShare, RoundRobin } from '../../../platform/jobs/fair-selection.js';

const ORG_A = '00000000-0000-4000-8000-00000000000a';
const ORG_B = '00000000-0000-4000-8000-00000000000b';
const ORG_C = '00000000-0000-4000-8000-00000000000c';

describe('organization share of a lane', () => {
  it('should keep a reserve for the other organizations in every lane of two slots or more', () => {
    expect(organizationShare(1)).toBe(1);
    expect(organizationShare(2)).toBe(1);
    expect(organizationShare(5)).toBe(4);
    expect(organizationShare(10)).toBe(8);
    expect(organizationShare(50)).toBe(40);
  });

  it('should remember the latest turns and forget the oldest first', () => {
    const turns = new RoundRobin(2);
    turns.served('lane', 'a');
    turns.served('lane', 'b');
    turns.served('lane', 'a');
    turns.served('lane', 'c');
    expect(Object.keys(turns.of('lane')).sort()).toEqual(['a', 'c']);
    expect(turns.of('lane').c! > turns.of('lane').a!).toBe(true);
    expect(turns.of('other')).toEqual({});
  });
});

/**
 * One organization's backlog once stood before every other organization's jobs of the same kind (minutes of delay
 * for a single SMS). Within a lane, organizations take turns, and one whose jobs hang holds no more than its share.
 */
describe('job lanes: organizations take turns', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;
  let jobs: Jobs;
  let release!: () => void;
  const hung = new Promise<void>((resolve) => (release = resolve));
  const order: string[] = [];
  const delivered: string[] = [];
  let hanging = 0;
  let mostHanging = 0;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    orm = await createOrm({ databaseUrl: database.url, modules: [platformData], poolMax: 4 });
    await runMigrations(orm);
    jobs = await Jobs.create({ databaseUrl: database.url, processEveryMs: 200, orm, logger: createLogger('silent') });
    jobs.define<{ organizationId: string }>({
      name: 'test.one-at-a-time',
      concurrency: 1,
      handler: async (data) => void order.push(data.organizationId),
    });
    // Organization A's deliveries hang (a host whose name never resolves); the others' go through at once.
    jobs.define<{ organizationId: string; to: string }>({
      name: 'test.delivery',
      concurrency: 10,
      handler: async (data) => {
        if (data.organizationId !== ORG_A) return void delivered.push(data.to);
        hanging++;
        mostHanging = Math.max(mostHanging, hanging);
        await hung;
        hanging--;
      },
    });
    await jobs.start();
  });
  afterAll(async () => {
    release();
    await jobs.stop(1000);
    await orm.close(true);
    await drop();
  });

  it('should serve organizations round robin, whoever queued first', async () => {
    // One commit: every job is queued before the lane picks any.
    await orm.em.fork().transactional(async (tx) => {
      for (let i = 0; i < 10; i++) await jobs.enqueue(tx, 'test.one-at-a-time', { organizationId: ORG_A, i });
      for (const org of [ORG_B, ORG_B, ORG_C, ORG_C])
        await jobs.enqueue(tx, 'test.one-at-a-time', { organizationId: org });
    });
    await eventually(async () => order.length === 14, 30_000);
    expect(order.slice(0, 6)).toEqual([ORG_A, ORG_B, ORG_C, ORG_A, ORG_B, ORG_C]);
  });

  it("should deliver another organization's job while one organization's deliveries hang and thousands wait", async () => {
    await orm.em.fork().execute(
      `insert into agenda_jobs (name, data, next_run_at, type, priority)
       select 'test.delivery', jsonb_build_object('organizationId', ?::text, 'i', i), now(), 'normal', 0 from generate_series(1, 5000) i`,
      [ORG_A],
    );
    await eventually(async () => hanging === organizationShare(10), 30_000).catch((error: Error) => {
      throw new Error(`${error.message}: ${hanging} of the lane's slots hang`);
    });
    await jobs.enqueue(orm.em.fork(), 'test.delivery', { organizationId: ORG_B, to: 'organization-b' });
    await eventually(async () => delivered.includes('organization-b'), 30_000);
    expect(mostHanging).toBe(organizationShare(10));
    // A's jobs locked are exactly those running: the lane locks no more than it runs. (B's delivered job may still
    // hold its lock for a moment after its handler returned, so it is left out of the count.)
    const [{ locked }] = await orm.em
      .fork()
      .execute<{ locked: number }[]>(
        `select count(*)::int as locked from agenda_jobs where name = 'test.delivery' and locked_at is not null and data->>'organizationId' = ?`,
        [ORG_A],
      );
    expect(locked).toBe(organizationShare(10));
  });

  it('should not spin while the backlog waits: a handful of statements per scan, not a loop', async () => {
    // 3 lanes at one scan each per 200 ms is 15 statements a second; a scheduler in a loop sends thousands.
    const before = jobs.storeQueries;
    const started = Date.now();
    await eventually(async () => jobs.storeQueries - before >= 60, 60_000, 20);
    const perSecond = (jobs.storeQueries - before) / ((Date.now() - started) / 1000);
    expect(perSecond).toBeLessThan(100);
  });
});
