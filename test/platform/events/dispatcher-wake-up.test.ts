import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { DispatcherWakeUp } from '../../../platform/events/dispatcher-wake-up.js';
import { EVENTS_CHANNEL, outboxInsert } from '../../../platform/events/emit-event.js';
import { EventDispatcher, type OutboxEvent } from '../../../platform/events/event-dispatcher.js';
import { MemoryEventBus } from '../../../platform/events/event-bus.js';
import { settingsData } from '../../../platform/crypto/settings-data.js';
import { platformData } from '../../../platform/migrations/index.js';
import { createOrm } from '../../../platform/orm/create-orm.js';
import { createLogger } from '../../../platform/logging/logger.js';
import { createTestDatabase } from '../../helpers/test-database.js';
import { eventually } from '../../helpers/test-platform.js';

describe('DispatcherWakeUp', () => {
  let database: { url: string; drop(): Promise<void> };
  let orm: MikroORM;
  const logger = createLogger('silent');

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await createOrm({ databaseUrl: database.url, modules: [platformData, settingsData] });
    await orm.getMigrator().up();
  });
  afterAll(async () => {
    await orm.close(true);
    await database.drop();
  });

  it('should wake the dispatcher for outbox rows committed without a NOTIFY', async () => {
    const seen: OutboxEvent[] = [];
    // The sweep is an hour away: only a NOTIFY can wake it.
    const dispatcher = new EventDispatcher({ databaseUrl: database.url, orm, bus: new MemoryEventBus(), sinks: [{ name: 'recording', handle: async (_tx, events) => void seen.push(...events) }], logger, sweepMs: 3_600_000 });
    await dispatcher.start();
    try {
      // The pass it runs once connected is over before the row is written, so only the wake-up can bring the row.
      await eventually(async () => !(dispatcher as unknown as { running?: Promise<void> }).running);
      const outbox = outboxInsert(randomUUID(), 'form.submitted', { n: 1 });
      await orm.em.getConnection().execute(outbox.sql, outbox.params); // committed on its own, no NOTIFY
      new DispatcherWakeUp(() => orm.em, logger).request();
      await eventually(async () => seen.some((e) => e.id === outbox.event.id));
    } finally {
      await dispatcher.stop();
    }
  });

  it('should coalesce the requests made while a NOTIFY is on its way into one more', async () => {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (n) => payloads.push(n.payload ?? ''));
    await listener.query(`listen ${EVENTS_CHANNEL}`);
    try {
      const wake = new DispatcherWakeUp(() => orm.em, logger);
      for (let i = 0; i < 5; i++) wake.request();
      await eventually(async () => payloads.length >= 2);
      // A marker sent after the second wake-up committed: every wake-up sent by then has arrived before it.
      await orm.em.getConnection().execute(`select pg_notify('${EVENTS_CHANNEL}', 'marker')`);
      await eventually(async () => payloads.includes('marker'));
      expect(payloads.filter((p) => p !== 'marker')).toHaveLength(2);
    } finally {
      await listener.end();
    }
  });
});
