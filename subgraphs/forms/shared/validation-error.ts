import { DomainError } from '../../../platform/errors/domain-error.js';

/** Forms answer every 400 as VALIDATION_ERROR with `{field, received, expected}`. */
export function validationError(field: string, received: unknown, expected: unknown, message?: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message ?? `Invalid value for ${field}`, {
    field,
    received: received === undefined ? null : received,
    expected,
  });
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isHttpUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Optional ISO 8601 date filter; a bad value is a 400 VALIDATION_ERROR. */
export function parseDate(field: string, value: string | null | undefined): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const ok = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value);
  const date = ok ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime()))
    throw validationError(
      field,
      value,
      'ISO 8601, e.g. 2026-11-22 or 2026-11-22T10:00:00Z',
      `${field} must be an ISO 8601 date`,
    );
  return date;
}

/** A date-only end bound covers its whole day. */
export function endOfDayIfDate(raw: string | null | undefined, parsed: Date | undefined): Date | undefined {
  if (!parsed || !raw || raw.length !== 10) return parsed;
  return new Date(parsed.getTime() + 86_400_000 - 1);
}
