import type { MikroORM } from '@mikro-orm/postgresql';
import { createTestDatabase } from '../../helpers/test-database.js';
import { eventually } from '../../helpers/test-platform.js';
import { createOrm } from '../../../platform/orm/create-orm.js';
import { platformData } from '../../../platform/migrations/index.js';
import { createLogger } from '../../../platform/logging/logger.js';
import { Jobs } from '../../../platform/jobs/jobs.js';

/** Issue 22: after a kill -9 a job stayed locked for the lock lifetime (5 min); a restarted process takes its own locks back at once. */
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
    await orm.getMigrator().up();
  });
  afterAll(async () => {
    for (const jobs of started) await jobs.stop(0);
    await orm.close(true);
    await drop();
  });

  const worker = async (instanceName: string, ran: string[] = []) => {
    const jobs = await Jobs.create({ databaseUrl, processEveryMs: 100, orm, logger: createLogger('silent'), instanceName });
    jobs.define<{ tag: string }>({ name: 'hardening.stale', handler: async (data) => void ran.push(data.tag) });
    await jobs.start();
    started.push(jobs);
    return jobs;
  };
  const sql = (text: string, params: unknown[] = []) => orm.em.getConnection().execute(text, params);

  it('should run at once a job its previous run (same host and port) had locked, and leave other workers\' locks alone', async () => {
    const first = await worker('host-a:4000'); // creates the job store; then "killed": its lock rows stay below
    await first.stop(0);
    started.length = 0;
    const lock = `insert into agenda_jobs (name, data, next_run_at, type, priority, locked_at, last_modified_by) values ('hardening.stale', ?::jsonb, now(), 'normal', 0, now(), ?)`;
    await sql(lock, [JSON.stringify({ tag: 'mine' }), 'host-a:4000']);
    await sql(lock, [JSON.stringify({ tag: 'theirs' }), 'host-b:4000']);

    const ran: string[] = [];
    await worker('host-a:4000', ran);
    const [theirs] = await sql(`select locked_at from agenda_jobs where data->>'tag' = 'theirs'`);
    expect(theirs.locked_at).not.toBeNull(); // a live worker elsewhere may still be running it
    await eventually(async () => ran.includes('mine'));
    expect(ran).toEqual(['mine']);
  });
});
