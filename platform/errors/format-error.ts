import type { GraphQLFormattedError } from 'graphql';
import { CLIENT_MISTAKE_CODES, isErrorCode, statusOf } from './error-codes.js';
import { coercionDetails } from './coercion-details.js';
import { DomainError } from './domain-error.js';
import { databaseUnavailableError, isDatabaseUnavailable } from '../database/database-unavailable.js';

/**
 * Normalises every GraphQL error to a platform code with its HTTP status, and hides internals:
 * anything that is not a platform error code (a DomainError's) or a client mistake becomes INTERNAL_ERROR.
 */
export function formatError(formatted: GraphQLFormattedError, error?: unknown): GraphQLFormattedError {
  // A validation rule's DomainError (query limits) comes wrapped in Apollo's GRAPHQL_VALIDATION_FAILED: keep its code.
  const original = (error as { originalError?: unknown } | undefined)?.originalError;
  if (isDatabaseUnavailable(original)) {
    const unavailable = databaseUnavailableError();
    return { message: unavailable.message, path: formatted.path, extensions: unavailable.extensions };
  }
  if (original instanceof DomainError && formatted.extensions?.code === 'GRAPHQL_VALIDATION_FAILED') {
    formatted = { ...formatted, extensions: { ...formatted.extensions, code: original.code } };
  }
  const ext = formatted.extensions ?? {};
  const raw = typeof ext.code === 'string' ? ext.code : undefined;
  const code = (raw && CLIENT_MISTAKE_CODES.has(raw)) || refusedByApollo(error) ? 'INVALID_REQUEST' : raw;
  const status = code ? statusOf(code) : 500;
  // Our own 5xx codes (REGISTRAR_UNAVAILABLE, SERVICE_UNAVAILABLE, ...) are meant for callers; any other 5xx hides its cause.
  if (!code || (status >= 500 && (!isErrorCode(code) || code === 'INTERNAL_ERROR'))) {
    return {
      message: 'Internal server error',
      path: formatted.path,
      extensions: { code: 'INTERNAL_ERROR', http: { status: 500 } },
    };
  }
  const { stacktrace: _s, exception: _e, serviceName: _n, ...rest } = ext as Record<string, unknown>;
  const details = rest.details ?? (code === 'INVALID_REQUEST' ? coercionDetails(formatted.message) : undefined);
  return { ...formatted, extensions: { ...rest, code, http: { status }, ...(details ? { details } : {}) } };
}

/** Apollo Server's refusals that carry no code, only a 4xx (a persisted query whose hash is not its text's). */
function refusedByApollo(error: unknown): boolean {
  const extensions = (error as { extensions?: { code?: unknown; http?: { status?: unknown } } } | undefined)
    ?.extensions;
  const status = extensions?.http?.status;
  return extensions?.code === undefined && typeof status === 'number' && status >= 400 && status < 500;
}
