import type { MikroORM } from '@mikro-orm/postgresql';
import { createTestDatabase } from '../../helpers/test-database.js';
import { eventually } from '../../helpers/test-platform.js';
import { createOrm } from '../../../platform/orm/create-orm.js';
import { platformData } from '../../../platform/migrations/index.js';
import { runMigrations } from '../../../platform/migrations/run-migrations.js';
import { createLogger } from '../../../platform/logging/logger.js';
import { Jobs } from '../../../platform/jobs/jobs.js';

/**
 * A worker killed with kill -9 leaves the jobs it was running locked, and (Agenda clears it when a one-off job starts)
 * without a next run time. Once the lock stayed for the lock lifetime (5 min); then releasing only the lock left such
 * a job with nothing ever running it (an email stayed QUEUED). A restart in the same slot, or any other
 * worker once the dead one's database session is gone, runs it at once; a live worker's jobs are never taken.
 */
describe('job locks left by a killed process', () => {
  let orm: MikroORM;
  let databaseUrl: string;
  let drop: () => Promise<void>;
  const started: Jobs[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    databaseUrl = database.url;
    drop = database.drop;
    orm = await createOrm({ databaseUrl, modules: [platformData] });
    await runMigrations(orm);
  });
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.stop(0);
    await sql('delete from agenda_jobs');
  });
  afterAll(async () => {
    await orm.close(true);
    await drop();
  });

  /** A worker whose 'hardening.stale' handler records the tag it ran, and holds until `hold` settles for tag 'slow'. */
  const worker = async (instanceName: string, ran: string[], hold?: Promise<void>) => {
    const jobs = await Jobs.create({
      databaseUrl,
      processEveryMs: 100,
      orm,
      logger: createLogger('silent'),
      instanceName,
    });
    jobs.define<{ tag: string }>({
      name: 'hardening.stale',
      handler: async (data) => {
        ran.push(data.tag);
        if (data.tag === 'slow') await hold;
      },
    });
    await jobs.start();
    started.push(jobs);
    return jobs;
  };
  const sql = (text: string, params: unknown[] = []) => orm.em.getConnection().execute(text, params);
  /** The row Agenda leaves for a one-off job that was running when its worker died. */
  const leftRunningBy = (instance: string, tag: string) =>
    sql(
      `insert into agenda_jobs (name, data, next_run_at, last_run_at, type, priority, locked_at, last_modified_by) values ('hardening.stale', ?::jsonb, null, now(), 'normal', 0, now(), ?)`,
      [JSON.stringify({ tag }), instance],
    );

  it('should run at once the job its killed predecessor in the same slot (host and port) was running', async () => {
    await leftRunningBy('host-a:4000', 'mine');
    const ran: string[] = [];
    await worker('host-a:4000', ran);
    await eventually(async () => ran.includes('mine'));
    expect(ran).toEqual(['mine']);
  });

  it("should let another worker run a dead worker's job at once, and never take a live worker's", async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const ranByLive: string[] = [];
    const live = await worker('host-b:4000', ranByLive, hold);
    await live.enqueue(orm.em.fork(), 'hardening.stale', { tag: 'slow' });
    await eventually(async () => ranByLive.includes('slow')); // running, locked under host-b:4000

    await leftRunningBy('host-gone:4000', 'orphan');
    const ranByOther: string[] = [];
    await worker('host-c:4000', ranByOther);
    await eventually(async () => [...ranByLive, ...ranByOther].includes('orphan'));
    // The sweep that freed the orphan judged the slow job's worker alive in the same statement: still locked, run once.
    const [slow] = await sql(`select locked_at from agenda_jobs where data->>'tag' = 'slow'`);
    expect(slow.locked_at).not.toBeNull();
    expect([...ranByLive, ...ranByOther].filter((t) => t === 'slow')).toEqual(['slow']);
    release();
  });
});
