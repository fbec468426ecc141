/** Structured JSON logs on stdout, one object per line, written by pino. */
import { pino, type Logger as Pino } from 'pino';
import { withoutSqlValues } from './sql-redaction.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
  /** Whether lines of `level` are written: a hot path builds its fields only then. */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean;
}

/**
 * Fields that hold credentials or what a user wrote, at the top of a line or one level down (`request.headers` is two):
 * their values never reach the log, whatever code logs them.
 */
const SECRET_KEYS = ['authorization', 'cookie', 'password', 'secret', 'token', 'apiKey', 'body', 'html', 'text', 'raw'];
export const REDACTED_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
];

export function createLogger(level: LogLevel = 'info', base: Record<string, unknown> = {}): Logger {
  const root = pino(
    {
      level,
      base: null,
      messageKey: 'msg',
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }), log: withoutValues },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    // process.stdout, not a file descriptor of its own: a test or a supervisor that wraps stdout sees every line.
    process.stdout,
  );
  return wrap(Object.keys(base).length ? root.child(base) : root);
}

function wrap(log: Pino): Logger {
  return {
    debug: (msg, fields) => (fields ? log.debug(fields, msg) : log.debug(msg)),
    info: (msg, fields) => (fields ? log.info(fields, msg) : log.info(msg)),
    warn: (msg, fields) => (fields ? log.warn(fields, msg) : log.warn(msg)),
    error: (msg, fields) => (fields ? log.error(fields, msg) : log.error(msg)),
    child: (fields) => wrap(log.child(fields)),
    enabled: (lvl) => log.isLevelEnabled(lvl),
  };
}

/**
 * Errors as name, message and stack; SQL anywhere (an error, or a message copied into a field, as GraphQL errors are)
 * loses its values (emails, subjects, tokens) on the way.
 */
function withoutValues(fields: Record<string, unknown>): Record<string, unknown> {
  return scrub(fields, 0) as Record<string, unknown>;
}

/** Nesting followed; deeper values are logged as they are (a log line is not a place for deep trees). */
const MAX_DEPTH = 6;

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > 20 ? withoutSqlValues(value) : value;
  if (value instanceof Error) {
    return {
      name: value.name,
      message: withoutSqlValues(value.message),
      stack: value.stack && withoutSqlValues(value.stack),
    };
  }
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value; // a Date, a Buffer: serialised as they are
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = scrub(item, depth + 1);
  return copy;
}
