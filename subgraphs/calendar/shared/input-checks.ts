import { IANAZone } from 'luxon';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { withinFilterYears } from '../../../platform/graphql/date-range.js';

/** HH:mm from 00:00 to 23:59, or 24:00 (end of day) where allowed. */
export const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date in YYYY-MM-DD, from 1970 to 2999 (day arithmetic past 9999 overflows PostgreSQL's dates). */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value) && withinFilterYears(d);
}

// luxon builds an Intl.DateTimeFormat to answer each call: known names are remembered (a cache, bounded).
const validZones = new Set<string>();

export function assertTimezone(zone: string, field = 'timezone'): void {
  if (validZones.has(zone)) return;
  if (IANAZone.isValidZone(zone)) {
    if (validZones.size < 1000) validZones.add(zone);
    return;
  }
  throw new DomainError('INVALID_TIMEZONE', `${zone} is not an IANA time zone`, {
    field,
    received: zone,
    expected: 'an IANA time zone such as Europe/Berlin',
  });
}

/** Host ids are auth user ids, taken as given (calendar cannot read auth's tables). */
export const HOST_ID = /^user_[A-Za-z0-9_-]{1,100}$/;
