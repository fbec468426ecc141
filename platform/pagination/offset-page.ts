import { DomainError } from '../errors/domain-error.js';

/** A page request after validation. */
export interface OffsetPage {
  count: number;
  offset: number;
}

/** Default and maximum page size of an endpoint. */
export interface PageLimits {
  defaultCount: number;
  maxCount: number;
}

export const DEFAULT_LIMITS: PageLimits = { defaultCount: 100, maxCount: 500 };

/** Raw pagination arguments: `count`/`offset`, or their aliases `limit` and `page` (1-based). */
export interface PageArgs {
  count?: number | null;
  offset?: number | null;
  limit?: number | null;
  page?: number | null;
}

/** Resolves aliases and refuses out-of-range values with details instead of clamping them. */
export function resolvePage(args: PageArgs, limits: PageLimits = DEFAULT_LIMITS): OffsetPage {
  if (args.count != null && args.limit != null && args.count !== args.limit) {
    throw new DomainError('INVALID_REQUEST', 'count and limit are aliases; give one', {
      field: 'limit',
      received: args.limit,
      expected: args.count,
    });
  }
  if (args.offset != null && args.page != null) {
    throw new DomainError('INVALID_REQUEST', 'offset and page are alternatives; give one', {
      field: 'page',
      received: args.page,
      expected: 'offset or page',
    });
  }
  const count = args.count ?? args.limit ?? limits.defaultCount;
  const countField = args.count != null ? 'count' : 'limit';
  if (!Number.isInteger(count) || count < 1 || count > limits.maxCount) {
    throw new DomainError('INVALID_REQUEST', `${countField} must be an integer from 1 to ${limits.maxCount}`, {
      field: countField,
      received: count,
      expected: `1..${limits.maxCount}`,
    });
  }
  if (args.page != null) {
    if (!Number.isInteger(args.page) || args.page < 1 || args.page > 1_000_000) {
      throw new DomainError('INVALID_REQUEST', 'page must be a positive integer', {
        field: 'page',
        received: args.page,
        expected: '1..1000000',
      });
    }
    return { count, offset: (args.page - 1) * count };
  }
  const offset = args.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0 || offset > 100_000_000) {
    throw new DomainError('INVALID_REQUEST', 'offset must be a non-negative integer', {
      field: 'offset',
      received: offset,
      expected: '0..100000000',
    });
  }
  return { count, offset };
}

/** The platform list meta. */
export function offsetMeta(page: OffsetPage, returned: number, total: number) {
  return { count: returned, offset: page.offset, total, hasMore: page.offset + returned < total };
}
