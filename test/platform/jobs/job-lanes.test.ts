import type { MikroORM } from '@mikro-orm/postgresql';
import { createTestDatabase } from '../../helpers/test-database.js';
import { eventually } from '../../helpers/test-platform.js';
import { createOrm } from '../../../platform/orm/create-orm.js';
import { platformData } from '../../../platform/migrations/index.js';
import { runMigrations } from '../../../platform/migrations/run-migrations.js';
import { createLogger } from '../../../platform/logging/logger.js';
import { Jobs } from '../../../platform/jobs/jobs.js';
import { organizationShare } from '../../../platform/jobs/fair-selection.js';

/**
 * Webhook retries stuck on a slow host once held every job slot of the process, and SMS waited minutes behind them.
 * Each job name runs in its own lane: a full lane holds its own slots only, and locks no more jobs than it runs.
 */
describe('job lanes: one kind of job cannot starve another', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;
  let jobs: Jobs;
  let release!: () => void;
  const stuck = new Promise<void>((resolve) => (release = resolve));
  let running = 0;
  const sent: string[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    orm = await createOrm({ databaseUrl: database.url, modules: [platformData], poolMax: 4 });
    await runMigrations(orm);
    jobs = await Jobs.create({ databaseUrl: database.url, processEveryMs: 200, orm, logger: createLogger('silent') });
    // As many slots as the whole process once had, each held until released.
    jobs.define({
      name: 'test.slow-delivery',
      concurrency: 50,
      handler: async () => {
        running++;
        await stuck;
      },
    });
    jobs.define<{ to: string }>({
      name: 'test.send',
      concurrency: 5,
      handler: async (data) => void sent.push(data.to),
    });
    await jobs.start();
  });
  afterAll(async () => {
    release();
    await jobs.stop(1000);
    await orm.close(true);
    await drop();
  });

  it('should run a send while every slot of the slow lane is taken and more wait', async () => {
    for (let i = 0; i < 80; i++) await jobs.enqueue(orm.em.fork(), 'test.slow-delivery', { i });
    // All of one owner's (here: no organization's) share of the lane; the rest of it is kept for other organizations.
    await eventually(async () => running === organizationShare(50), 20_000);
    await jobs.enqueue(orm.em.fork(), 'test.send', { to: 'other-organization' });
    await eventually(async () => sent.includes('other-organization'), 20_000);
    // The deliveries beyond the share stay unlocked, free for another worker.
    const [{ locked }] = await orm.em
      .fork()
      .execute<{ locked: number }[]>(
        `select count(*)::int as locked from agenda_jobs where name = 'test.slow-delivery' and locked_at is not null`,
      );
    expect(locked).toBe(organizationShare(50));
  });
});
