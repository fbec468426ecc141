import { FIELD_TYPES, type FieldType } from '../entities/form-status.js';
import { asObject, onlyKeys, validationError } from '../shared/validation-error.js';
import { checkSettings } from './field-rules.js';

/** A field's editable properties after validation. */
export interface FieldDraft {
  type: FieldType;
  label: string;
  placeholder: string | null;
  required: boolean;
  order: number | null;
  ref: string | null;
  settings: Record<string, unknown>;
}

const KEYS = ['type', 'label', 'placeholder', 'required', 'order', 'ref', 'settings'] as const;
const REF = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Validates a field body. On update, `current` holds the stored field and only given keys change;
 * the merged field must still be whole (settings are re-checked against the type).
 */
export function validateField(raw: unknown, where: string, current?: FieldDraft): FieldDraft {
  const body = asObject(raw, where || 'body');
  const at = (key: string) => (where ? `${where}.${key}` : key);
  onlyKeys(body, KEYS, where);
  const merged = { ...(current ?? {}), ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) } as Record<string, unknown>;
  const { type, label, placeholder, required, order, ref } = merged;
  if (typeof type !== 'string' || !(FIELD_TYPES as readonly string[]).includes(type)) throw validationError(at('type'), type, FIELD_TYPES, `${at('type')} must be one of the field types`);
  if (typeof label !== 'string' || label.trim() === '' || label.length > 500) throw validationError(at('label'), label, 'string of 1 to 500 characters', `${at('label')} is required`);
  if (placeholder != null && (typeof placeholder !== 'string' || placeholder.length > 500)) throw validationError(at('placeholder'), placeholder, 'string of at most 500 characters', `${at('placeholder')} is too long`);
  if (required != null && typeof required !== 'boolean') throw validationError(at('required'), required, 'boolean', `${at('required')} must be true or false`);
  if (order != null && (!Number.isInteger(order) || (order as number) < 0 || (order as number) > 10_000)) throw validationError(at('order'), order, '0..10000', `${at('order')} must be a whole number`);
  if (ref != null && (typeof ref !== 'string' || !REF.test(ref))) throw validationError(at('ref'), ref, '1 to 64 letters, digits, _ or -', `${at('ref')} has invalid characters or length`);
  // A type change without new settings starts from empty settings when the old ones do not fit.
  const rawSettings = body.settings !== undefined ? body.settings : current && current.type !== type ? {} : (merged.settings ?? {});
  let settings: Record<string, unknown>;
  try {
    settings = checkSettings(type as FieldType, asObject(rawSettings ?? {}, at('settings')));
  } catch (error) {
    const details = (error as { details?: { field?: string } }).details;
    if (where && details?.field) details.field = `${where}.${details.field}`;
    throw error;
  }
  return {
    type: type as FieldType,
    label: label as string,
    placeholder: (placeholder as string | null | undefined) ?? null,
    required: (required as boolean | undefined) ?? false,
    order: (order as number | null | undefined) ?? null,
    ref: (ref as string | null | undefined) ?? null,
    settings,
  };
}
