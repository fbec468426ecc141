import type { FieldType } from '../entities/form-status.js';
import { isEmailAddress } from '../../../platform/validation/email-address.js';
import { isE164 } from '../../../platform/validation/phone-number.js';
import { isHttpUrl, validationError } from '../shared/validation-error.js';
import { ALLOWED_TYPE_VALUES, DEFAULT_MAX_FILE_BYTES } from '../uploads/upload-rules.js';

/** The answer's value key(s) by field type. */
export type ValueKind = 'text' | 'number' | 'date' | 'choice' | 'file';

export const KIND_OF: Record<FieldType, ValueKind> = {
  SHORT_TEXT: 'text',
  LONG_TEXT: 'text',
  EMAIL: 'text',
  URL: 'text',
  PHONE: 'text',
  NUMBER: 'number',
  RATING: 'number',
  NPS: 'number',
  SLIDER: 'number',
  DATE: 'date',
  DATE_TIME: 'date',
  SELECT: 'choice',
  MULTI_SELECT: 'choice',
  CHECKBOX: 'choice',
  FILE: 'file',
};

export const VALUE_KEYS: Record<ValueKind, readonly string[]> = {
  text: ['value'],
  number: ['valueNumber'],
  date: ['valueDate'],
  choice: ['valueJson'],
  file: ['fileUrl', 'fileName', 'fileSize'],
};

/** Settings keys each type accepts; choice types keep their options in `settings.options`. */
export const SETTINGS_KEYS: Record<ValueKind | 'rating' | 'plain', readonly string[]> = {
  text: ['minLength', 'maxLength'],
  number: ['min', 'max'],
  rating: ['max'],
  plain: [],
  date: [],
  choice: ['options'],
  file: ['maxFileSize', 'allowedTypes'],
};

function settingsKindOf(type: FieldType): keyof typeof SETTINGS_KEYS {
  if (type === 'RATING') return 'rating';
  if (type === 'NPS') return 'plain';
  return KIND_OF[type];
}

/** Default lengths keep one answer from filling the row. */
const DEFAULT_MAX_LENGTH: Partial<Record<FieldType, number>> = {
  SHORT_TEXT: 1000,
  LONG_TEXT: 10_000,
  EMAIL: 254,
  URL: 2048,
  PHONE: 16,
};

/** Checks and normalises a field's settings for its type; the first problem is a 400 naming `settings.<key>`. */
export function checkSettings(type: FieldType, raw: Record<string, unknown>): Record<string, unknown> {
  const allowed = SETTINGS_KEYS[settingsKindOf(type)];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!allowed.includes(key))
      throw validationError(`settings.${key}`, key, allowed, `settings.${key} does not apply to ${type} fields`);
    if (value === null || value === undefined) continue;
    if (key === 'minLength' || key === 'maxLength') {
      if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 100_000)
        throw validationError(`settings.${key}`, value, '0..100000', `settings.${key} must be a whole number`);
    } else if (key === 'min' || key === 'max') {
      const limit = type === 'RATING' ? [1, 10] : null;
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw validationError(`settings.${key}`, value, 'number', `settings.${key} must be a number`);
      if (limit && (!Number.isInteger(value) || value < limit[0]! || value > limit[1]!))
        throw validationError(`settings.${key}`, value, '1..10', 'A rating scale runs from 1 to 1..10');
    } else if (key === 'maxFileSize') {
      if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > DEFAULT_MAX_FILE_BYTES) {
        throw validationError(
          'settings.maxFileSize',
          value,
          `1..${DEFAULT_MAX_FILE_BYTES}`,
          `settings.maxFileSize must be a whole number of bytes, at most ${DEFAULT_MAX_FILE_BYTES} (10 MB)`,
        );
      }
    } else if (key === 'allowedTypes') {
      if (
        !Array.isArray(value) ||
        value.length < 1 ||
        value.length > ALLOWED_TYPE_VALUES.length ||
        value.some((t) => typeof t !== 'string' || !ALLOWED_TYPE_VALUES.includes(t))
      ) {
        throw validationError(
          'settings.allowedTypes',
          value,
          ALLOWED_TYPE_VALUES,
          'settings.allowedTypes must list content types the platform recognises',
        );
      }
    } else if (key === 'options') {
      if (
        !Array.isArray(value) ||
        value.length < 1 ||
        value.length > 100 ||
        value.some((o) => typeof o !== 'string' || o.trim() === '' || o.length > 200)
      ) {
        throw validationError(
          'settings.options',
          value,
          '1 to 100 non-empty strings of at most 200 characters',
          'settings.options must list the choices',
        );
      }
      if (new Set(value).size !== value.length)
        throw validationError(
          'settings.options',
          value,
          'distinct options',
          'settings.options must not repeat an option',
        );
    }
    out[key] = value;
  }
  for (const [low, high] of [
    ['minLength', 'maxLength'],
    ['min', 'max'],
  ] as const) {
    if (typeof out[low] === 'number' && typeof out[high] === 'number' && (out[low] as number) > (out[high] as number)) {
      throw validationError(
        `settings.${low}`,
        out[low],
        `<= ${out[high]}`,
        `settings.${low} must not exceed settings.${high}`,
      );
    }
  }
  if (KIND_OF[type] === 'choice' && !out.options)
    throw validationError('settings.options', null, 'array of options', `${type} fields need settings.options`);
  return out;
}

export interface FieldLike {
  ref: string;
  type: FieldType;
  settings: Record<string, unknown>;
}

/** An answer that counts as given (empty strings and empty selections do not). */
export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * Checks one non-empty answer against its field: formats (email, URL, E.164), ranges (NUMBER, SLIDER, RATING 1..max,
 * NPS 0..10), options (SELECT one, MULTI_SELECT/CHECKBOX any), lengths. Returns the value to store.
 */
export function checkAnswer(field: FieldLike, value: unknown): unknown {
  const { ref, type, settings } = field;
  const fail = (expected: unknown, message: string): never => {
    throw validationError(ref, value, expected, message);
  };
  switch (KIND_OF[type]) {
    case 'text': {
      if (typeof value !== 'string') fail('string', `${ref} must be a string`);
      const text = value as string;
      const min = (settings.minLength as number | undefined) ?? 0;
      const max = (settings.maxLength as number | undefined) ?? DEFAULT_MAX_LENGTH[type]!;
      if (text.length < min || text.length > max)
        fail(`${min}..${max} characters`, `${ref} must hold ${min} to ${max} characters`);
      if (type === 'EMAIL' && !isEmailAddress(text))
        fail('an email address such as name@example.com', `${ref} must be an email address`);
      if (type === 'URL' && !isHttpUrl(text)) fail('an absolute http(s) URL', `${ref} must be an http(s) URL`);
      if (type === 'PHONE' && !isE164(text))
        fail('E.164, e.g. +14155550123', `${ref} must be a phone number in E.164 format`);
      return text;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) fail('number', `${ref} must be a number`);
      const n = value as number;
      if (type === 'NPS' && (!Number.isInteger(n) || n < 0 || n > 10))
        fail('integer 0..10', `${ref} must be a whole number from 0 to 10`);
      if (type === 'RATING') {
        const max = (settings.max as number | undefined) ?? 5;
        if (!Number.isInteger(n) || n < 1 || n > max)
          fail(`integer 1..${max}`, `${ref} must be a whole number from 1 to ${max}`);
      }
      if (type === 'NUMBER' || type === 'SLIDER') {
        const min = (settings.min as number | undefined) ?? (type === 'SLIDER' ? 0 : -Number.MAX_VALUE);
        const max = (settings.max as number | undefined) ?? (type === 'SLIDER' ? 100 : Number.MAX_VALUE);
        if (n < min || n > max) fail(`${min}..${max}`, `${ref} must be between ${min} and ${max}`);
      }
      return n;
    }
    case 'date': {
      const pattern =
        type === 'DATE'
          ? /^\d{4}-\d{2}-\d{2}$/
          : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
      const expected =
        type === 'DATE' ? 'ISO 8601 date, e.g. 2026-11-22' : 'ISO 8601 date-time with zone, e.g. 2026-11-22T10:00:00Z';
      if (typeof value !== 'string' || !pattern.test(value) || Number.isNaN(new Date(value).getTime()))
        fail(expected, `${ref} must be an ${expected}`);
      if (type === 'DATE' && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value)
        fail(expected, `${ref} is not a calendar date`);
      return value;
    }
    case 'choice': {
      const options = (settings.options as string[] | undefined) ?? [];
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
        fail(options, `${ref} must be an array of selected options`);
      const chosen = value as string[];
      if (new Set(chosen).size !== chosen.length) fail(options, `${ref} selects an option twice`);
      if (type === 'SELECT' && chosen.length !== 1) fail(options, `${ref} takes exactly one option`);
      for (const choice of chosen)
        if (!options.includes(choice)) throw validationError(ref, choice, options, `${ref} has no option "${choice}"`);
      return chosen;
    }
    case 'file': {
      const file = value as Record<string, unknown>;
      if (typeof file !== 'object' || file === null || Array.isArray(file))
        fail('{fileUrl, fileName, fileSize}', `${ref} must be a file`);
      if (typeof file.fileUrl !== 'string' || !isHttpUrl(file.fileUrl))
        throw validationError(ref, file.fileUrl ?? null, 'fileUrl: an absolute http(s) URL', `${ref} needs fileUrl`);
      if (file.fileName != null && (typeof file.fileName !== 'string' || file.fileName.length > 255))
        throw validationError(
          ref,
          file.fileName,
          'fileName: string of at most 255 characters',
          `${ref} has an invalid fileName`,
        );
      if (file.fileSize != null && (!Number.isInteger(file.fileSize) || (file.fileSize as number) < 0))
        throw validationError(ref, file.fileSize, 'fileSize: whole number of bytes', `${ref} has an invalid fileSize`);
      return { fileUrl: file.fileUrl, fileName: file.fileName ?? null, fileSize: file.fileSize ?? null };
    }
  }
}
