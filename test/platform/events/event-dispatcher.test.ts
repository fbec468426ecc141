import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { DispatcherWakeUp } from '../../../platform/events/dispatcher-wake-up.js';
import { emitEvent, EVENTS_CHANNEL, outboxInsert } from '../../../platform/events/emit-event.js';
import { EventDispatcher, type EventSink, type OutboxEvent } from '../../../platform/events/event-dispatcher.js';
import { MemoryEventBus, type BusEvent } from '../../../platform/events/event-bus.js';
import { settingsData } from '../../../platform/crypto/settings-data.js';
import { platformData } from '../../../platform/migrations/index.js';
import { createOrm } from '../../../platform/orm/create-orm.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { createLogger } from '../../../platform/logging/logger.js';
import { createTestDatabase } from '../../helpers/test-database.js';
import { eventually } from '../../helpers/test-platform.js';

describe('EventDispatcher', () => {
  let database: { url: string; drop(): Promise<void> };
  let orm: MikroORM;
  const organizationId = randomUUID();
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
  afterEach(() => orm.em.getConnection().execute('truncate platform.events'));

  const emit = (count: number, prefix = 'n') =>
    forkForTenant(orm.em, organizationId).transactional(async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++)
        ids.push((await emitEvent(tx as EntityManager, 'form.submitted', { n: `${prefix}${i}` })).id);
      return ids;
    });

  const recordingSink = (seen: OutboxEvent[], failFirst = 0): EventSink => {
    let failures = failFirst;
    return {
      name: 'recording',
      handle: async (_tx, events) => {
        if (failures-- > 0) throw new Error('sink down');
        seen.push(...events);
      },
    };
  };

  const dispatcher = (sinks: EventSink[], bus = new MemoryEventBus(), sweepMs = 3_600_000) =>
    new EventDispatcher({ databaseUrl: database.url, orm, bus, sinks, logger, sweepMs, batchSize: 50 });

  it('should be woken by NOTIFY and hand events to the sinks and the bus in order, once', async () => {
    const seen: OutboxEvent[] = [];
    const bus = new MemoryEventBus();
    const published: BusEvent[] = [];
    bus.subscribe((m) => published.push(m));
    const d = dispatcher([recordingSink(seen)], bus); // the sweep is an hour away: only NOTIFY can wake it
    await d.start();
    try {
      const ids = await emit(120);
      await eventually(async () => seen.length >= 120);
      expect(seen.map((e) => e.id)).toEqual(ids);
      expect(seen[0]).toMatchObject({
        organizationId,
        type: 'form.submitted',
        data: { n: 'n0' },
        timestamp: expect.stringMatching(/Z$/),
      });
      expect(published.map((m) => m.event.id)).toEqual(ids);
      expect(published.every((m) => m.organizationId === organizationId)).toBe(true);
      // A batch is marked dispatched after its sinks return: wait for that commit; then nothing may go out again.
      await eventually(
        async () =>
          (
            await orm.em
              .getConnection()
              .execute('select count(*)::int as n from platform.events where dispatched_at is null')
          )[0].n === 0,
      );
      await d.drain();
      expect(seen).toHaveLength(120);
    } finally {
      await d.stop();
    }
  });

  it('should dispatch nothing from a transaction that rolled back', async () => {
    const seen: OutboxEvent[] = [];
    await expect(
      forkForTenant(orm.em, organizationId).transactional(async (tx) => {
        await emitEvent(tx as EntityManager, 'form.submitted', { n: 'ghost' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await dispatcher([recordingSink(seen)]).drain()).toBe(0);
    expect(seen).toHaveLength(0);
  });

  it('should leave events in the outbox when a sink fails, and hand them over again with the same ids', async () => {
    const seen: OutboxEvent[] = [];
    const ids = await emit(3);
    const d = dispatcher([recordingSink(seen, 1)]);
    await expect(d.drain()).rejects.toThrow('sink down');
    const pending = await orm.em
      .getConnection()
      .execute('select count(*)::int as n from platform.events where dispatched_at is null');
    expect(pending[0].n).toBe(3);
    expect(await d.drain()).toBe(3);
    expect(seen.map((e) => e.id)).toEqual(ids);
  });

  it('should let two dispatchers drain one outbox together without handing an event to both', async () => {
    const a: OutboxEvent[] = [];
    const b: OutboxEvent[] = [];
    const slow = (seen: OutboxEvent[]): EventSink => ({
      name: 'slow',
      handle: async (_tx, events) => {
        await new Promise((r) => setTimeout(r, 5)); // hold the row locks a little
        seen.push(...events);
      },
    });
    const ids = await emit(500);
    await Promise.all([dispatcher([slow(a)]).drain(), dispatcher([slow(b)]).drain()]);
    const all = [...a, ...b].map((e) => e.id);
    expect(all).toHaveLength(500);
    expect(new Set(all)).toEqual(new Set(ids));
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
  });

  describe('DispatcherWakeUp', () => {
    it('should wake the dispatcher for outbox rows committed without a NOTIFY', async () => {
      const seen: OutboxEvent[] = [];
      // The sweep is an hour away: only a NOTIFY can wake it.
      const dispatcher = new EventDispatcher({
        databaseUrl: database.url,
        orm,
        bus: new MemoryEventBus(),
        sinks: [{ name: 'recording', handle: async (_tx, events) => void seen.push(...events) }],
        logger,
        sweepMs: 3_600_000,
      });
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
});
