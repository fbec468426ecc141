import { DomainError } from '../platform/errors/domain-error.js';
import type { BridgeRequest, QueryParamType, RouteSpec } from './route-table.js';

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

/** The variables of a route without a `variables` function: path params, declared query params, the body and headers it names. */
export function declaredVariables(spec: RouteSpec, request: BridgeRequest): Record<string, unknown> {
  const variables: Record<string, unknown> = { ...request.query, ...request.params };
  if (spec.bodyVariable) {
    const absent = request.body === undefined && spec.bodyOptional;
    variables[spec.bodyVariable] = absent ? (spec.bodyOptional === 'null' ? null : {}) : jsonObject(request.body);
  }
  for (const [name, header] of Object.entries(spec.headerVariables ?? {})) {
    const value = request.headers[header];
    variables[name] = (Array.isArray(value) ? value[0] : value) ?? null;
  }
  return variables;
}
