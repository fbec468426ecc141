import { LiveFormCache, type LiveForm } from '../../../../subgraphs/forms/public/live-form.cache.js';

// The cache is bounded by count with the least recently used entry out first (lru-cache); it used to drop every
// entry when full, so a busy form was read again whenever any new form was submitted to.
describe('LiveFormCache bound', () => {
  const live = (loadedAt: number) => ({ loadedAt }) as unknown as LiveForm;

  it('should keep the recently used forms and drop the least recently used one when full', () => {
    const cache = new LiveFormCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', live(0));
    cache.set('b', live(0));
    expect(cache.get('a', 1)).toBeDefined();
    cache.set('c', live(0));
    expect(cache.get('a', 2)).toBeDefined();
    expect(cache.get('c', 2)).toBeDefined();
    expect(cache.get('b', 2)).toBeUndefined();
  });

  it('should still expire an entry by the caller clock', () => {
    const cache = new LiveFormCache({ ttlMs: 1_000, maxEntries: 10 });
    cache.set('a', live(0));
    expect(cache.get('a', 1_000)).toBeDefined();
    expect(cache.get('a', 1_001)).toBeUndefined();
  });
});
