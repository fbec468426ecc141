import { DomainError } from '../platform/errors/domain-error.js';
import type { QueryParamType } from './route-table.js';

/** Pagination query parameters every list route declares: `count`/`offset` and their `limit`/`page` aliases. */
export const PAGE_QUERY: Record<string, QueryParamType> = { count: 'int', offset: 'int', limit: 'int', page: 'int' };

/** The request body as a JSON object; an array, a scalar or nothing is a 400 naming what came. */
export function jsonObject(body: unknown, what = 'The body'): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('INVALID_REQUEST', `${what} must be a JSON object`, {
      field: 'body',
      received: Array.isArray(body) ? 'array' : body === null || body === undefined ? 'nothing' : typeof body,
      expected: 'object',
    });
  }
  return body as Record<string, unknown>;
}
