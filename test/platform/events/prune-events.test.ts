import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { settingsData } from '../../../platform/crypto/settings-data.js';
import { pruneEvents, pruneEventsJob } from '../../../platform/events/prune-events.job.js';
import { createLogger } from '../../../platform/logging/logger.js';
import { platformData } from '../../../platform/migrations/index.js';
import { createOrm } from '../../../platform/orm/create-orm.js';
import { createTestDatabase } from '../../helpers/test-database.js';

describe('outbox pruning', () => {
  let database: { url: string; drop(): Promise<void> };
  let orm: MikroORM;
  const organizationId = randomUUID();
  const NOW = new Date('2026-11-22T12:00:00Z');
  const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await createOrm({ databaseUrl: database.url, modules: [platformData, settingsData] });
    await orm.getMigrator().up();
  });
  afterAll(async () => {
    await orm.close(true);
    await database.drop();
  });

  /** `count` events created and (unless null) dispatched at the given times. */
  const insert = (prefix: string, count: number, createdAt: Date, dispatchedAt: Date | null) =>
    orm.em.getConnection().execute(
      `insert into platform.events (id, organization_id, type, data, created_at, dispatched_at)
       select ? || n, ?, 'form.submitted', '{}', ?, ? from generate_series(1, ?) n`,
      [prefix, organizationId, createdAt, dispatchedAt, count],
    );
  const remaining = async () =>
    (await orm.em.getConnection().execute<{ id: string }[]>('select id from platform.events order by seq')).map((r) =>
      r.id.replace(/\d+$/, ''),
    );

  it('should delete only dispatched events older than the cutoff, in batches, keeping undispatched ones of any age', async () => {
    await insert('old_sent_', 12_000, daysAgo(30), daysAgo(30));
    await insert('old_owed_', 3, daysAgo(30), null);
    await insert('recent_sent_', 3, daysAgo(2), daysAgo(2));
    const deleted = await pruneEvents(orm.em.fork() as EntityManager, daysAgo(7));
    expect(deleted).toBe(12_000);
    expect(new Set(await remaining())).toEqual(new Set(['old_owed_', 'recent_sent_']));
  });

  it('should apply the retention in days from the injected clock', async () => {
    await orm.em.getConnection().execute('truncate platform.events');
    await insert('eight_days_', 2, daysAgo(8), daysAgo(8));
    await insert('six_days_', 2, daysAgo(6), daysAgo(6));
    const job = pruneEventsJob(7, () => NOW);
    await job.handler({}, { em: orm.em.fork() as EntityManager, logger: createLogger('silent'), attempt: 1 });
    expect(await remaining()).toEqual(['six_days_', 'six_days_']);
  });
});
