import type { FieldType } from '../entities/form-status.js';
import { validationError } from '../shared/validation-error.js';
import { provided } from '../../../platform/validation/input-rules.js';
import { checkSettings } from './field-rules.js';
import { checkJumps } from './field-jumps.js';
import type { FormFieldInput, UpdateFormFieldInput } from './form-field.input.js';

/** A field's editable properties, whole. */
export interface FieldDraft {
  type: FieldType;
  label: string;
  placeholder: string | null;
  required: boolean;
  order: number | null;
  ref: string | null;
  settings: Record<string, unknown>;
}

/**
 * The rules a type cannot say: on update the given keys merge into `current` and the result must still be whole,
 * and settings are checked against the (possibly new) type. `where` prefixes error fields (`fields[2]`).
 */
export function fieldDraft(
  input: FormFieldInput | UpdateFormFieldInput,
  where: string,
  current?: FieldDraft,
): FieldDraft {
  const at = (key: string) => (where ? `${where}.${key}` : key);
  const changes = provided(input);
  const merged = { ...(current ?? {}), ...changes } as Partial<FieldDraft>;
  if (merged.type == null)
    throw validationError(at('type'), null, ['type'], `${at('type')} must be one of the field types`);
  if (merged.label == null)
    throw validationError(at('label'), null, 'string of 1 to 500 characters', `${at('label')} is required`);
  // A type change without new settings starts from empty settings when the old ones do not fit.
  const rawSettings =
    changes.settings !== undefined
      ? provided(changes.settings)
      : current && current.type !== merged.type
        ? {}
        : (merged.settings ?? {});
  let settings: Record<string, unknown>;
  try {
    const { jumps, ...rules } = rawSettings;
    settings = checkSettings(merged.type, rules);
    if (jumps != null) settings.jumps = checkJumps(merged.type, settings.options as string[] | undefined, jumps);
  } catch (error) {
    const details = (error as { details?: { field?: string } }).details;
    if (where && details?.field) details.field = `${where}.${details.field}`;
    throw error;
  }
  return {
    type: merged.type,
    label: merged.label,
    placeholder: merged.placeholder ?? null,
    required: merged.required ?? false,
    order: merged.order ?? null,
    ref: merged.ref ?? null,
    settings,
  };
}
