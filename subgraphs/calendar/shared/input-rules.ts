import { DateTime } from 'luxon';
import { Matches, registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { isDate } from './input-checks.js';

/** Names and titles end up in email subjects and invite lines: one line, no control characters. */
export const SingleLine = (options: ValidationOptions = {}) =>
  // eslint-disable-next-line no-control-regex
  Matches(/^[^\u0000-\u001f\u007f]*$/, { message: 'one line of text without control characters', ...options });

/** ISO 8601 with an explicit UTC offset (or Z): a local time alone would be ambiguous. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

function rule(
  name: string,
  message: string | ((args: ValidationArguments) => string),
  test: (value: unknown, args: ValidationArguments) => boolean,
  options?: ValidationOptions,
) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName,
      options: { message, ...options },
      validator: { validate: test },
    });
}

/** A real instant in ISO 8601 with its offset, e.g. 2030-01-07T10:00:00+01:00. */
export const IsInstant = () =>
  rule(
    'isInstant',
    'ISO 8601 with a UTC offset, e.g. 2030-01-07T10:00:00+01:00',
    (v) => typeof v === 'string' && v.length <= 40 && INSTANT.test(v) && DateTime.fromISO(v, { setZone: true }).isValid,
  );

/** A real calendar date, YYYY-MM-DD (2030-02-30 is not one). */
export const IsCalendarDate = () => rule('isCalendarDate', 'a date YYYY-MM-DD', (v) => isDate(v));

/** HH:mm after the `start` field's (a cross-field rule; runs only when both are well formed). */
export const IsAfterField = (start: string) =>
  rule(
    'isAfterField',
    (a) => `a time after ${String((a.object as Record<string, unknown>)[start])}`,
    (v, a) => {
      const from = (a.object as Record<string, unknown>)[start];
      return typeof from !== 'string' || typeof v !== 'string' || v > from;
    },
  );

/** A JSON object of at most 16 KiB (responses, metadata). */
export const IsSmallObject = () =>
  rule(
    'isSmallObject',
    'an object of at most 16 KiB of JSON',
    (v) => typeof v === 'object' && v !== null && !Array.isArray(v) && JSON.stringify(v).length <= 16_384,
  );
