import { randomUUID } from 'node:crypto';
import { MemoryEventBus, RedisEventBus, type BusEvent } from '../../../platform/events/event-bus.js';
import { createLogger } from '../../../platform/logging/logger.js';
import { eventually } from '../../helpers/test-platform.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const message = (organizationId: string, id: string): BusEvent => ({
  organizationId,
  event: { id, type: 'email.sent', timestamp: new Date().toISOString(), data: { id } },
});

describe('event buses', () => {
  it('should fan an event out to every in-process subscriber until it unsubscribes', async () => {
    const bus = new MemoryEventBus();
    const a: BusEvent[] = [];
    const b: BusEvent[] = [];
    const stopA = bus.subscribe((m) => a.push(m));
    bus.subscribe((m) => b.push(m));
    bus.subscribe(() => {
      throw new Error('a broken listener must not stop the others');
    });
    await bus.publish([message('o1', 'evt_1')]);
    stopA();
    await bus.publish([message('o1', 'evt_2')]);
    expect(a.map((m) => m.event.id)).toEqual(['evt_1']);
    expect(b.map((m) => m.event.id)).toEqual(['evt_1', 'evt_2']);
    await bus.close();
  });

  it('should carry events between processes through Redis pub/sub', async () => {
    const logger = createLogger('silent');
    const channel = `test:events:${randomUUID()}`;
    const one = await RedisEventBus.connect(REDIS_URL, logger, channel);
    const two = await RedisEventBus.connect(REDIS_URL, logger, channel);
    try {
      const onTwo: BusEvent[] = [];
      const onOne: BusEvent[] = [];
      two.subscribe((m) => onTwo.push(m));
      one.subscribe((m) => onOne.push(m));
      await one.publish([message('o1', 'evt_a'), message('o2', 'evt_b')]);
      await eventually(async () => onTwo.length === 2 && onOne.length === 2);
      expect(onTwo).toEqual(
        [message('o1', 'evt_a'), message('o2', 'evt_b')].map((m) => ({
          ...m,
          event: { ...m.event, timestamp: expect.any(String) },
        })),
      );
    } finally {
      await one.close();
      await two.close();
    }
  });
});
