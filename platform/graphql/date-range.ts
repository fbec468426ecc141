import { DomainError } from '../errors/domain-error.js';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Filters name instants from 1970 to the end of 2999: outside that, day arithmetic and PostgreSQL ranges overflow (9999-12-31 + 1 day). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(3000, 0, 1) - 1;

/** Whether an instant lies in the years every date filter accepts (1970 to the end of 2999). */
export function withinFilterYears(date: Date): boolean {
  return date.getTime() >= EARLIEST && date.getTime() <= LATEST;
}

/** Parses an optional ISO 8601 date or date-time filter between 1970 and 2999; anything else is a 400 naming the field. */
export function parseDateFilter(field: string, value: string | null | undefined): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const date = ISO_8601.test(value) ? new Date(value) : new Date(NaN);
  if (!withinFilterYears(date)) {
    throw new DomainError('INVALID_REQUEST', `${field} must be an ISO 8601 date`, {
      field,
      received: value,
      expected: 'ISO 8601 between 1970-01-01 and 2999-12-31, e.g. 2026-11-22 or 2026-11-22T10:00:00Z',
    });
  }
  return date;
}

/** Refuses a range whose start is after its end. */
export function checkRange(from: Date | undefined, to: Date | undefined, fromField: string, toField: string) {
  if (from && to && from > to) {
    throw new DomainError('INVALID_REQUEST', `${fromField} must not be after ${toField}`, {
      field: fromField,
      received: from.toISOString(),
      expected: `<= ${to.toISOString()}`,
    });
  }
}

/** Validates an optional value against an allowed list. */
export function parseEnumFilter<T extends string>(
  field: string,
  value: string | null | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new DomainError('INVALID_REQUEST', `${field} must be one of ${allowed.join(', ')}`, {
      field,
      received: value,
      expected: allowed,
    });
  }
  return value as T;
}
