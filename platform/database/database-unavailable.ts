import { DomainError } from '../errors/domain-error.js';

/**
 * PostgreSQL refusing or dropping connections is a passing state (its connection slots are full, it is restarting, an
 * operator closed the database): callers get 503 SERVICE_UNAVAILABLE with Retry-After, never a 500, and start-up waits
 * for it instead of exiting. SQLSTATEs: too many connections (53300), admin or crash shutdown (57P01, 57P02), cannot
 * connect now (57P03), connection failures (08xxx).
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** Messages of the pg driver and of knex's pool for a connection that cannot be had or was lost. */
const UNAVAILABLE_MESSAGES =
  /Timeout acquiring a connection|Connection terminated|is not queryable|is not currently accepting connections|the database system is (?:starting up|shutting down|in recovery mode)/i;

/** Socket errors of a connection whose server end went away mid-use (a backend terminated while a query was sent). */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/** Seconds a caller is asked to wait before retrying. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Whether `error` (or an error it wraps) says the database cannot be reached or has no connection to give. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const { code, message, name } = current as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return true;
    if (name === 'KnexTimeoutError') return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    const next = current as { originalError?: unknown; cause?: unknown };
    current = next.originalError ?? next.cause;
  }
  return false;
}

/** The caller's answer to an unavailable database: 503 with when to come back. */
export function databaseUnavailableError(): DomainError {
  return new DomainError(
    'SERVICE_UNAVAILABLE',
    `The service is briefly unavailable; retry in ${DATABASE_RETRY_AFTER_SECONDS} s`,
    { retryAfter: DATABASE_RETRY_AFTER_SECONDS },
  );
}
