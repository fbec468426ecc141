import { Redis } from 'ioredis';
import { RateLimiter, RedisRateLimitStore } from '../../../platform/rate-limit/rate-limiter.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
// A unique prefix per run so parallel or repeated runs never share counters.
const prefix = `test:${process.pid}:${Date.now()}`;

describe('RedisRateLimitStore', () => {
  const stores: RedisRateLimitStore[] = [];
  const raw = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });

  function store(): RedisRateLimitStore {
    const s = new RedisRateLimitStore(REDIS_URL);
    stores.push(s);
    return s;
  }

  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    const keys = await raw.keys(`rl:${prefix}:*`);
    if (keys.length) await raw.del(...keys);
    await raw.quit();
  });

  it('shares one counter between two store instances', async () => {
    const a = store();
    const b = store();
    const key = `${prefix}:shared`;
    expect(await a.increment(key, 1_000, 60_000)).toBe(1);
    expect(await b.increment(key, 1_000, 60_000)).toBe(2);
    expect(await a.increment(key, 1_000, 60_000)).toBe(3);
    // A different window is a different counter.
    expect(await b.increment(key, 61_000, 60_000)).toBe(1);
  });

  it('limits across instances through RateLimiter', async () => {
    const now = () => 7_000;
    const a = new RateLimiter(store(), now);
    const b = new RateLimiter(store(), now);
    const key = `${prefix}:limiter`;
    expect((await a.check(key, 2, 1_000)).allowed).toBe(true);
    expect((await b.check(key, 2, 1_000)).allowed).toBe(true);
    const refused = await a.check(key, 2, 1_000);
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toBe(0);
  });

  it('stores the counter under rl:{key}:{windowStartMs} with an expiry', async () => {
    const key = `${prefix}:ttl`;
    await store().increment(key, 42_000, 5_000);
    const pttl = await raw.pttl(`rl:${key}:42000`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(5_000);
  });

  it('expires counts after windowMs', async () => {
    const s = store();
    const key = `${prefix}:expiry`;
    // A window long enough that the first two increments share it on a loaded machine.
    expect(await s.increment(key, 0, 1_000)).toBe(1);
    expect(await s.increment(key, 0, 1_000)).toBe(2);
    // Redis expires the key on its own clock: poll for it, with a deadline, instead of sleeping past it.
    const deadline = Date.now() + 10_000;
    while ((await raw.exists(`rl:${key}:0`)) !== 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await raw.exists(`rl:${key}:0`)).toBe(0);
    expect(await s.increment(key, 0, 1_000)).toBe(1);
  });

  it('fails open without hanging when Redis is unreachable', async () => {
    const errors: unknown[] = [];
    const down = new RedisRateLimitStore('redis://127.0.0.1:1', { connectTimeout: 200 }, (err) => errors.push(err));
    const limiter = new RateLimiter(down, () => 0);
    const started = Date.now();
    try {
      const first = await limiter.check(`${prefix}:down`, 1, 1_000);
      const second = await limiter.check(`${prefix}:down`, 1, 1_000);
      expect(first.allowed).toBe(true);
      expect(second.allowed).toBe(true); // over the limit of 1, but the store cannot count
      expect(second.remaining).toBe(1);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(errors).toHaveLength(1); // reported once per outage, not per request
    } finally {
      await down.close();
    }
  });
});
