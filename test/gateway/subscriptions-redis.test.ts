import { loadConfig } from '../../gateway/module-manifests.js';
import { startPlatform, type Platform } from '../../gateway/runner.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { eventually } from '../helpers/test-platform.js';
import { subscribeToEvents, type Subscriber } from './helpers/subscriber.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two platform processes' worth of runners on one database; `redis` decides whether they share a bus. */
async function twoInstances(redis: boolean) {
  const database = await createTestDatabase();
  const env = {
    DATABASE_URL: database.url,
    PORT: '0',
    DNS_PORT: '0',
    SMTP_INBOUND_PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    JOBS_PROCESS_EVERY_MS: '200',
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...(redis ? { REDIS_URL } : {}),
  };
  const a = await startPlatform(loadConfig(env));
  const b = await startPlatform(loadConfig(env));
  // Only A dispatches: an event can reach B's subscribers through the bus alone.
  await b.dispatcher!.stop();
  const key = (await a.apiKeys.createKey({ orgSlug: 'shared', type: 'SERVER' })).key;
  return {
    a,
    b,
    key,
    stop: async () => {
      await a.stop();
      await b.stop();
      await database.drop();
    },
  };
}

async function raiseOn(platform: Platform, key: string, subject: string): Promise<string> {
  const res = await fetch(platform.url + '/emails', {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ from: 'a@example.com', to: 'b@example.com', subject, html: 'x' }),
  });
  return ((await res.json()) as { data: { messageId: string } }).data.messageId;
}

/** Raises an event on `on` every 300 ms until `subscriber` has seen one: its subscription is live. */
async function prime(on: Platform, key: string, subscriber: Subscriber) {
  await eventually(
    async () => {
      await raiseOn(on, key, 'probe');
      return subscriber.events.length > 0;
    },
    15_000,
    300,
  );
}

describe('subscriptions across processes', () => {
  it('should deliver an event raised in one instance to a subscriber of the other through Redis', async () => {
    const { a, b, key, stop } = await twoInstances(true);
    const onB = subscribeToEvents(b.url, { authorization: `Bearer ${key}` }, ['email.delivered']);
    try {
      await prime(a, key, onB);
      const messageId = await raiseOn(a, key, 'Across instances');
      const event = await eventually(async () => onB.events.find((e) => e.data.messageId === messageId));
      expect(event).toMatchObject({ type: 'email.delivered', data: { messageId, subject: 'Across instances' } });
    } finally {
      await onB.dispose();
      await stop();
    }
  }, 60_000);

  it('should not, without Redis (the control: the bus is what carries it)', async () => {
    const { a, b, key, stop } = await twoInstances(false);
    const onA = subscribeToEvents(a.url, { authorization: `Bearer ${key}` }, ['email.delivered']);
    const onB = subscribeToEvents(b.url, { authorization: `Bearer ${key}` }, ['email.delivered']);
    try {
      await prime(a, key, onA);
      const messageId = await raiseOn(a, key, 'Stays home');
      await eventually(async () => onA.events.some((e) => e.data.messageId === messageId));
      // A negative check needs a bound: whichever instance claims an outbox row publishes it on its own bus, so
      // no event raised on B is sure to reach B's subscriber as a barrier. Redis carries one in well under 500 ms.
      await new Promise((r) => setTimeout(r, 500));
      expect(onB.events).toEqual([]);
      expect(onB.errors).toEqual([]);
    } finally {
      await onA.dispose();
      await onB.dispose();
      await stop();
    }
  }, 60_000);
});
