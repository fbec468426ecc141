import { IANAZone } from 'luxon';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';

/** Readers of a JSON body that name the field (with its path) in every 400. */
export class Fields {
  constructor(
    private readonly body: Record<string, unknown>,
    private readonly prefix = '',
  ) {}

  /** Refuses keys outside `allowed` (a typo must not be silently ignored). */
  only(allowed: readonly string[]): this {
    for (const key of Object.keys(this.body)) if (!allowed.includes(key)) throw invalid(this.path(key), key, allowed, `Unknown field ${this.path(key)}`);
    return this;
  }

  has(key: string): boolean {
    return this.body[key] !== undefined;
  }

  raw(key: string): unknown {
    return this.body[key];
  }

  path(key: string): string {
    return this.prefix ? `${this.prefix}.${key}` : key;
  }

  /** `singleLine`: no control characters (names and titles end up in email subjects and invite lines). */
  string(key: string, opts: { required?: boolean; max?: number; min?: number; pattern?: RegExp; expected?: string; singleLine?: boolean } = {}): string | undefined {
    const value = this.body[key];
    if (value === undefined || value === null) {
      if (opts.required) throw invalid(this.path(key), value ?? null, opts.expected ?? 'a string', `${this.path(key)} is required`);
      return undefined;
    }
    const max = opts.max ?? 1000;
    if (typeof value !== 'string' || value.length < (opts.min ?? (opts.required ? 1 : 0)) || value.length > max || (opts.pattern && !opts.pattern.test(value))) {
      throw invalid(this.path(key), value, opts.expected ?? `a string of at most ${max} characters`);
    }
    // eslint-disable-next-line no-control-regex
    if (opts.singleLine && /[\u0000-\u001f\u007f]/.test(value)) throw invalid(this.path(key), value, 'one line of text without control characters');
    return value;
  }

  /** null stays null (clears the value), undefined means not given. */
  nullableString(key: string, opts: { max?: number; singleLine?: boolean } = {}): string | null | undefined {
    if (this.body[key] === null) return null;
    return this.string(key, opts);
  }

  int(key: string, opts: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const value = this.body[key];
    if (value === undefined || value === null) {
      if (opts.required) throw invalid(this.path(key), value ?? null, `an integer from ${opts.min ?? 0} to ${opts.max ?? 'any'}`, `${this.path(key)} is required`);
      return undefined;
    }
    const min = opts.min ?? 0;
    const max = opts.max ?? Number.MAX_SAFE_INTEGER;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw invalid(this.path(key), value, `an integer from ${min} to ${max}`);
    return value;
  }

  nullableInt(key: string, opts: { min?: number; max?: number } = {}): number | null | undefined {
    if (this.body[key] === null) return null;
    return this.int(key, opts);
  }

  bool(key: string): boolean | undefined {
    const value = this.body[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') throw invalid(this.path(key), value, 'true or false');
    return value;
  }

  object(key: string, opts: { required?: boolean } = {}): Record<string, unknown> | undefined {
    const value = this.body[key];
    if (value === undefined || value === null) {
      if (opts.required) throw invalid(this.path(key), value ?? null, 'an object', `${this.path(key)} is required`);
      return undefined;
    }
    if (typeof value !== 'object' || Array.isArray(value)) throw invalid(this.path(key), Array.isArray(value) ? 'array' : value, 'an object');
    if (JSON.stringify(value).length > 16_384) throw invalid(this.path(key), 'too large', 'at most 16 KiB of JSON');
    return value as Record<string, unknown>;
  }

  nested(key: string, opts: { required?: boolean } = {}): Fields | undefined {
    const value = this.object(key, opts);
    return value ? new Fields(value, this.path(key)) : undefined;
  }

  array(key: string, opts: { required?: boolean; max?: number } = {}): unknown[] | undefined {
    const value = this.body[key];
    if (value === undefined || value === null) {
      if (opts.required) throw invalid(this.path(key), value ?? null, 'an array', `${this.path(key)} is required`);
      return undefined;
    }
    const max = opts.max ?? 100;
    if (!Array.isArray(value) || value.length > max) throw invalid(this.path(key), Array.isArray(value) ? `${value.length} items` : value, `an array of at most ${max} items`);
    return value;
  }

  /** An IANA zone name; a bad one is INVALID_TIMEZONE. */
  timezone(key: string, opts: { required?: boolean } = {}): string | undefined {
    const value = this.string(key, { required: opts.required, max: 64, expected: 'an IANA time zone such as Europe/Berlin' });
    if (value !== undefined) assertTimezone(value, this.path(key));
    return value;
  }
}

/** HH:mm from 00:00 to 23:59, or 24:00 (end of day) where allowed. */
export const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date in YYYY-MM-DD. */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

// luxon builds an Intl.DateTimeFormat to answer each call: known names are remembered (a cache, bounded).
const validZones = new Set<string>();

export function assertTimezone(zone: string, field = 'timezone'): void {
  if (validZones.has(zone)) return;
  if (IANAZone.isValidZone(zone)) {
    if (validZones.size < 1000) validZones.add(zone);
    return;
  }
  throw new DomainError('INVALID_TIMEZONE', `${zone} is not an IANA time zone`, { field, received: zone, expected: 'an IANA time zone such as Europe/Berlin' });
}

export const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;

/** Host ids are auth user ids, taken as given (calendar cannot read auth's tables). */
export const HOST_ID = /^user_[A-Za-z0-9_-]{1,100}$/;
