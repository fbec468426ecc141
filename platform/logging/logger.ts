/** Structured JSON logs on stdout, one object per line. */
import { withoutSqlValues } from './sql-redaction.js';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
  /** Whether lines of `level` are written: a hot path builds its fields only then. */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean;
}

export function createLogger(level: LogLevel = 'info', base: Record<string, unknown> = {}): Logger {
  const min = LEVELS[level];
  const write = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (LEVELS[lvl] < min) return;
    const line = { time: new Date().toISOString(), level: lvl, msg, ...base, ...fields };
    process.stdout.write(JSON.stringify(line, errorReplacer) + '\n');
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }),
    enabled: (lvl) => LEVELS[lvl] >= min,
  };
}

/**
 * Errors as name, message and stack; SQL anywhere (an error, or a message copied into a field, as GraphQL errors are)
 * loses its values (emails, subjects, tokens) on the way.
 */
function errorReplacer(_key: string, value: unknown) {
  if (typeof value === 'string') return value.length > 20 ? withoutSqlValues(value) : value;
  if (!(value instanceof Error)) return value;
  return { name: value.name, message: withoutSqlValues(value.message), stack: value.stack && withoutSqlValues(value.stack) };
}
