import {
  MemoryRateLimitStore,
  RateLimiter,
  rateLimitHeaders,
  type RateLimitStore,
} from '../../../platform/rate-limit/rate-limiter.js';
import { effectiveLimit } from '../../../platform/rate-limit/route-limits.js';

/** A limiter over a fresh memory store with a clock the test moves by hand. */
function setup(startMs: number) {
  let now = startMs;
  const store = new MemoryRateLimitStore();
  const limiter = new RateLimiter(store, () => now);
  return { store, limiter, setNow: (ms: number) => (now = ms) };
}

describe('RateLimiter over MemoryRateLimitStore', () => {
  it('allows up to the limit, counts remaining down, then refuses', async () => {
    const { limiter } = setup(120_000 + 15_500);
    const decisions = [];
    for (let i = 0; i < 5; i++) decisions.push(await limiter.check('org-1', 3, 60_000));

    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0, 0]);
    for (const d of decisions) {
      expect(d.limit).toBe(3);
      expect(d.reset).toBe(180); // window [120 s, 180 s)
    }
    expect(decisions.slice(0, 3).map((d) => d.retryAfter)).toEqual([0, 0, 0]);
    expect(decisions[3].retryAfter).toBe(45); // 44.5 s left, rounded up
  });

  it('gives retryAfter of at least 1 second just before the window ends', async () => {
    const { limiter } = setup(10_999);
    await limiter.check('k', 1, 1_000);
    const refused = await limiter.check('k', 1, 1_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBe(1);
    expect(refused.reset).toBe(11);
  });

  it('starts a fresh count in the next window', async () => {
    const { limiter, setNow } = setup(5_000);
    await limiter.check('k', 2, 1_000);
    await limiter.check('k', 2, 1_000);
    expect((await limiter.check('k', 2, 1_000)).allowed).toBe(false);

    setNow(5_999);
    expect((await limiter.check('k', 2, 1_000)).allowed).toBe(false);

    setNow(6_000);
    const fresh = await limiter.check('k', 2, 1_000);
    expect(fresh).toEqual({ allowed: true, limit: 2, remaining: 1, reset: 7, retryAfter: 0 });
  });

  it('keeps separate counters per key', async () => {
    const { limiter } = setup(0);
    expect((await limiter.check('a', 1, 1_000)).allowed).toBe(true);
    expect((await limiter.check('a', 1, 1_000)).allowed).toBe(false);
    expect((await limiter.check('b', 1, 1_000)).allowed).toBe(true);
  });

  it('refuses everything with a limit of 0', async () => {
    const { limiter } = setup(0);
    const d = await limiter.check('k', 0, 1_000);
    expect(d.allowed).toBe(false);
    expect(d.remaining).toBe(0);
  });

  it('evicts expired windows so memory stays bounded', async () => {
    const { store, limiter, setNow } = setup(0);
    for (let i = 0; i < 100; i++) await limiter.check(`ip-${i}`, 10, 1_000);
    expect(store.size).toBe(100);

    setNow(3_000);
    await limiter.check('ip-0', 10, 1_000);
    expect(store.size).toBe(1);
  });

  it('does not evict windows that are still live', async () => {
    const { store, limiter, setNow } = setup(0);
    await limiter.check('minute', 1, 60_000);
    setNow(5_000);
    await limiter.check('second', 1, 1_000);
    expect(store.size).toBe(2);
    expect((await limiter.check('minute', 1, 60_000)).allowed).toBe(false);
  });

  it('passes the aligned window start and size to the store', async () => {
    const calls: Array<[string, number, number]> = [];
    const store: RateLimitStore = {
      increment: async (key, start, windowMs) => (calls.push([key, start, windowMs]), 1),
      close: async () => {},
    };
    await new RateLimiter(store, () => 61_234).check('k', 5, 60_000);
    expect(calls).toEqual([['k', 60_000, 60_000]]);
  });
});

describe('rateLimitHeaders', () => {
  it('sends the three X-RateLimit headers when allowed', () => {
    expect(rateLimitHeaders({ allowed: true, limit: 50, remaining: 49, reset: 1_700_000_001, retryAfter: 0 })).toEqual({
      'X-RateLimit-Limit': '50',
      'X-RateLimit-Remaining': '49',
      'X-RateLimit-Reset': '1700000001',
    });
  });

  it('adds Retry-After when refused', () => {
    expect(rateLimitHeaders({ allowed: false, limit: 50, remaining: 0, reset: 1_700_000_001, retryAfter: 1 })).toEqual({
      'X-RateLimit-Limit': '50',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '1700000001',
      'Retry-After': '1',
    });
  });
});

describe('effectiveLimit', () => {
  it('uses the plan rate when there is no endpoint figure', () => {
    expect(effectiveLimit('GROWTH', 'smsSending')).toEqual({ limit: 50, windowMs: 1_000, key: 'plan:smsSending' });
  });

  it('keeps the plan when it is stricter (STARTER emailSending 50/s vs endpoint 100/s)', () => {
    expect(effectiveLimit('STARTER', 'emailSending', { limit: 100, windowMs: 1_000 })).toEqual({
      limit: 50,
      windowMs: 1_000,
      key: 'plan:emailSending',
    });
  });

  it('takes the endpoint when it is stricter (STARTER reads 100/s vs endpoint 10/s)', () => {
    expect(effectiveLimit('STARTER', 'reads', { limit: 10, windowMs: 1_000 })).toEqual({
      limit: 10,
      windowMs: 1_000,
      key: 'endpoint',
    });
  });

  it('compares a per-minute endpoint as a rate and keeps its window (100/min vs 50/s)', () => {
    expect(effectiveLimit('STARTER', 'general', { limit: 100, windowMs: 60_000 })).toEqual({
      limit: 100,
      windowMs: 60_000,
      key: 'endpoint',
    });
  });

  it('keeps the plan when a per-minute endpoint is looser (6000/min vs STARTER batch 5/s)', () => {
    expect(effectiveLimit('STARTER', 'batch', { limit: 6_000, windowMs: 60_000 })).toEqual({
      limit: 5,
      windowMs: 1_000,
      key: 'plan:batch',
    });
  });
});
