import type { GraphQLFormattedError } from 'graphql';
import { statusOf } from './error-codes.js';
import { coercionDetails } from './coercion-details.js';
import { DomainError } from './domain-error.js';

const KNOWN_CLIENT_CODES: Record<string, string> = {
  GRAPHQL_PARSE_FAILED: 'INVALID_REQUEST',
  GRAPHQL_VALIDATION_FAILED: 'INVALID_REQUEST',
  BAD_USER_INPUT: 'INVALID_REQUEST',
  BAD_REQUEST: 'INVALID_REQUEST',
  PERSISTED_QUERY_NOT_FOUND: 'INVALID_REQUEST',
  OPERATION_RESOLUTION_FAILURE: 'INVALID_REQUEST',
};

/**
 * Normalises every GraphQL error to a platform code with its HTTP status, and hides internals:
 * anything that is not a DomainError or a client mistake becomes INTERNAL_ERROR.
 */
export function formatError(formatted: GraphQLFormattedError, error?: unknown): GraphQLFormattedError {
  // A validation rule's DomainError (query limits) comes wrapped in Apollo's GRAPHQL_VALIDATION_FAILED: keep its code.
  const original = (error as { originalError?: unknown } | undefined)?.originalError;
  if (original instanceof DomainError && formatted.extensions?.code === 'GRAPHQL_VALIDATION_FAILED') {
    formatted = { ...formatted, extensions: { ...formatted.extensions, code: original.code } };
  }
  const ext = formatted.extensions ?? {};
  const raw = typeof ext.code === 'string' ? ext.code : undefined;
  const code = raw && KNOWN_CLIENT_CODES[raw] ? KNOWN_CLIENT_CODES[raw] : raw;
  const status = code ? statusOf(code) : 500;
  // A module that is down says so (503 SERVICE_UNAVAILABLE, split mode); other 5xx hide their internals.
  if (!code || (status >= 500 && code !== 'SERVICE_UNAVAILABLE')) {
    return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_ERROR', http: { status: 500 } } };
  }
  const { stacktrace: _s, exception: _e, serviceName: _n, ...rest } = ext as Record<string, unknown>;
  const details = rest.details ?? (code === 'INVALID_REQUEST' ? coercionDetails(formatted.message) : undefined);
  return { ...formatted, extensions: { ...rest, code, http: { status }, ...(details ? { details } : {}) } };
}
