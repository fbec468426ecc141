import type { DomainError } from '../errors/domain-error.js';

/** A `page`/`limit` request after validation (the forms and CRM list style: `{page, limit, total, totalPages}`). */
export interface NumberedPage {
  page: number;
  limit: number;
  offset: number;
}

/** How a module reports a bad value (its own error code: VALIDATION_ERROR for forms, INVALID_REQUEST for CRM). */
export type PageError = (field: string, received: unknown, expected: unknown, message: string) => DomainError;

/** page 1-based (default 1), limit default 20 up to `maxLimit`; out of range is a 400, never clamped. */
export function resolveNumberedPage(
  args: { page?: unknown; limit?: unknown },
  maxLimit: number,
  error: PageError,
): NumberedPage {
  const page = args.page ?? 1;
  const limit = args.limit ?? 20;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1 || page > 1_000_000)
    throw error('page', page, '1..1000000', 'page must be a positive integer');
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > maxLimit)
    throw error('limit', limit, `1..${maxLimit}`, `limit must be an integer from 1 to ${maxLimit}`);
  return { page, limit, offset: (page - 1) * limit };
}

export function numberedPageMeta(
  page: NumberedPage,
  total: number,
): { page: number; limit: number; total: number; totalPages: number } {
  return { page: page.page, limit: page.limit, total, totalPages: Math.ceil(total / page.limit) };
}
