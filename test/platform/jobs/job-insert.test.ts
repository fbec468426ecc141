import type { MikroORM } from '@mikro-orm/postgresql';
import { createTestDatabase } from '../../helpers/test-database.js';
import { eventually } from '../../helpers/test-platform.js';
import { createOrm } from '../../../platform/orm/create-orm.js';
import { platformData } from '../../../platform/migrations/index.js';
import { runMigrations } from '../../../platform/migrations/run-migrations.js';
import { createLogger } from '../../../platform/logging/logger.js';
import { jobInsert, Jobs } from '../../../platform/jobs/jobs.js';

/**
 * A job written inside a larger statement (jobInsert, as POST /emails queues its message) is queued only when the
 * row it chains on was written, and its NOTIFY wakes a worker at once: the worker here scans only every 10 minutes.
 */
describe('jobs written by a statement of their own (jobInsert)', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;
  let jobs: Jobs;
  const ran: string[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    orm = await createOrm({ databaseUrl: database.url, modules: [platformData] });
    await runMigrations(orm);
    jobs = await Jobs.create({
      databaseUrl: database.url,
      processEveryMs: 600_000,
      orm,
      logger: createLogger('silent'),
    });
    jobs.define<{ tag: string }>({ name: 'test.job-insert', handler: async (data) => void ran.push(data.tag) });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop(0);
    await orm.close(true);
    await drop();
  });

  /** One statement: a CTE of `rows` rows, the job chained on it, its NOTIFY; answers how many jobs it wrote. */
  const chained = async (tag: string, rows: number) => {
    const job = jobInsert('test.job-insert', { tag }, new Date(), 'from source');
    const notify = job.notify('job');
    const [row] = await orm.em
      .fork()
      .execute<{ written: string }[]>(
        `with source as (select generate_series(1, ?::int)), job as (${job.sql}) select (select count(*) from job) as written, (${notify.sql} limit 1)`,
        [rows, ...job.params, ...notify.params],
      );
    return Number(row!.written);
  };

  it('should queue the job and wake a worker at once when the row it chains on is written', async () => {
    expect(await chained('written', 1)).toBe(1);
    await eventually(async () => ran.includes('written'), 5000);
  });

  it('should queue nothing when the row it chains on is not written', async () => {
    expect(await chained('skipped', 0)).toBe(0);
    await jobs.enqueue(orm.em.fork(), 'test.job-insert', { tag: 'after' });
    await eventually(async () => ran.includes('after'), 5000);
    expect(ran).not.toContain('skipped');
  });

  it('should not queue a job whose transaction rolls back (enqueue, one statement with its NOTIFY)', async () => {
    await expect(
      orm.em.fork().transactional(async (tx) => {
        await jobs.enqueue(tx, 'test.job-insert', { tag: 'rolled-back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await orm.em.fork().transactional((tx) => jobs.enqueue(tx, 'test.job-insert', { tag: 'committed' }));
    await eventually(async () => ran.includes('committed'), 5000);
    expect(ran).not.toContain('rolled-back');
  });
});
