/**
 * A module's own configuration: the module declares a section (`configSection('domains', read)`) in its
 * `<module>-config.ts` and names it in its manifest; the composition root reads every section with the platform's
 * part, so one start-up message still lists every problem. The platform itself names no module's variables.
 */
import { isEmailAddress } from '../validation/email-address.js';

/** process.env, or what a test passes instead. */
export type Env = Record<string, string | undefined>;

/** Typed reads of environment variables; a bad value adds a problem and the fallback is used, so reading goes on. */
export class EnvReader {
  constructor(
    private readonly env: Env,
    readonly problems: string[],
  ) {}

  /** The trimmed value; an empty one counts as unset. */
  str(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === '' ? undefined : value;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.str(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  /** true/1/yes or false/0/no; unset is `fallback`. */
  bool(name: string, fallback = false): boolean {
    const raw = this.str(name);
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
    if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
    this.problems.push(`${name} must be true or false (got "${raw}")`);
    return false;
  }

  /** The value as written when it parses as a URL of one of `protocols` (`'https:'`); a bad one is still returned. */
  url(name: string, protocols: string[]): string | undefined {
    const raw = this.str(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol))
        this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
    } catch {
      this.problems.push(`${name} is not a valid URL`);
    }
    return raw;
  }

  email(name: string): string | undefined {
    const raw = this.str(name);
    if (raw !== undefined && !isEmailAddress(raw))
      this.problems.push(`${name} must be an email address (got "${raw}")`);
    return raw;
  }

  /** A JSON value that `valid` accepts; anything else is a problem and the fallback. */
  json<T>(name: string, fallback: T, valid: (value: unknown) => boolean): T {
    const raw = this.str(name);
    if (raw === undefined) return fallback;
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (valid(parsed)) return parsed as T;
    } catch {
      /* reported below */
    }
    this.problems.push(`${name} must be a JSON object of the documented shape`);
    return fallback;
  }

  /** `host:port,host:port` in lower case (IPv6 in brackets: `[fd00::1]:8000`). */
  hostPortList(name: string): string[] {
    const entries = (this.str(name) ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean);
    for (const entry of entries) {
      const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/.exec(entry);
      if (!match || Number(match[2]) < 1 || Number(match[2]) > 65535)
        this.problems.push(`${name} must list host:port pairs (got "${entry}")`);
    }
    return entries;
  }

  /** Several variables that make sense only together: all set, or none (a problem otherwise). */
  allOrNone(names: readonly string[], values: readonly (string | undefined)[]): boolean {
    const set = values.filter((v) => v !== undefined).length;
    if (set !== 0 && set !== values.length)
      this.problems.push(`${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} must be set together`);
    return set === values.length;
  }
}

/** What a section may read besides its variables: values the platform derives once for every module. */
export interface SharedConfigValues {
  /** Host of PUBLIC_URL (`localhost` when unset). */
  publicHost: string;
  /** The platform's one SPF include (MAIL_SPF_INCLUDE or its deprecated names). */
  mailSpfInclude: string;
}

/** One module's configuration: its key on `Config` and how it is read. */
export interface ConfigSection<K extends string = string, T = unknown> {
  readonly key: K;
  read(env: EnvReader, shared: SharedConfigValues): T;
}

export function configSection<K extends string, T>(
  key: K,
  read: (env: EnvReader, shared: SharedConfigValues) => T,
): ConfigSection<K, T> {
  return { key, read };
}

/**
 * Each module's section by key, added by declaration merging in its `<module>-config.ts`, so `Config` carries every
 * module's typed section while the platform names none.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleConfigSections {}
