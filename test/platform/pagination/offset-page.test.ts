import { resolvePage, offsetMeta } from '../../../platform/pagination/offset-page.js';
import { DomainError } from '../../../platform/errors/domain-error.js';

describe(resolvePage.name, () => {
  const limits = { defaultCount: 20, maxCount: 100 };

  it('should default count and offset', () => {
    expect(resolvePage({}, limits)).toEqual({ count: 20, offset: 0 });
  });

  it('should take limit and page as aliases', () => {
    expect(resolvePage({ limit: 10, page: 3 }, limits)).toEqual({ count: 10, offset: 20 });
  });

  it.each([
    [{ count: 0 }, 'count'],
    [{ count: 101 }, 'count'],
    [{ limit: 101 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ page: 0 }, 'page'],
    [{ count: 5, limit: 6 }, 'limit'],
    [{ offset: 1, page: 1 }, 'page'],
  ])('should refuse %p naming %s, not clamp it', (args, field) => {
    try {
      resolvePage(args, limits);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).details).toMatchObject({ field });
    }
  });

  it('should compute hasMore', () => {
    expect(offsetMeta({ count: 2, offset: 0 }, 2, 3)).toEqual({ count: 2, offset: 0, total: 3, hasMore: true });
    expect(offsetMeta({ count: 2, offset: 2 }, 1, 3)).toEqual({ count: 1, offset: 2, total: 3, hasMore: false });
  });
});
