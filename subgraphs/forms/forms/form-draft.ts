import { validationError } from '../shared/validation-error.js';
import { provided } from '../../../platform/validation/input-rules.js';
import { fieldDraft, type FieldDraft } from '../fields/field-draft.js';
import type { CreateFormInput, UpdateFormInput } from './form-input.types.js';
import { parseLogoDataUrl, type FormLogo } from './form-logo.js';

/** Create and update bodies as the service stores them; undefined means "not given" (update keeps the stored value). */
export interface FormDraft {
  title?: string;
  slug?: string;
  description?: string | null;
  settings?: Record<string, unknown>;
  theme?: Record<string, unknown>;
  /** A new logo, null to remove it; undefined keeps the stored one (also when the rest of the theme is replaced). */
  logo?: FormLogo | null;
  status?: 'CLOSED';
  fields?: FieldDraft[];
}

/**
 * What the typed inputs cannot say: the password's length (reported as a length, never echoed), each field's
 * settings against its type, and refs used once per form.
 */
export function formDraft(input: CreateFormInput | UpdateFormInput): FormDraft {
  const { settings, theme, fields, status, slug, ...rest } = provided(input as CreateFormInput & UpdateFormInput);
  const draft: FormDraft = { ...rest } as FormDraft;
  if (slug != null) draft.slug = slug;
  if (status != null) draft.status = 'CLOSED';
  if (settings) draft.settings = settingsDraft(provided(settings));
  if (theme) {
    draft.theme = {};
    if (theme.preset != null) draft.theme.preset = theme.preset;
    if (theme.colors != null) draft.theme.colors = provided(theme.colors);
    if (theme.font != null) draft.theme.font = theme.font;
    if (theme.logo !== undefined) draft.logo = theme.logo === null ? null : parseLogoDataUrl(theme.logo);
  }
  if (fields) {
    draft.fields = fields.map((field, i) => fieldDraft(field, `fields[${i}]`));
    const refs = draft.fields.map((f) => f.ref).filter((r): r is string => r !== null);
    const repeated = refs.find((r, i) => refs.indexOf(r) !== i);
    if (repeated)
      throw validationError('fields.ref', repeated, 'a ref used once per form', `Two fields use the ref ${repeated}`);
  }
  return draft;
}

/** Null settings are left out (as before typed inputs), except `password: null`, which removes the password. */
function settingsDraft(settings: Record<string, unknown>): Record<string, unknown> {
  const out = Object.fromEntries(
    Object.entries(settings).filter(([key, value]) => value !== null || key === 'password'),
  );
  const { password } = out;
  if (typeof password === 'string' && (password.length < 4 || password.length > 128)) {
    throw validationError(
      'settings.password',
      `${password.length} characters`,
      'string of 4 to 128 characters, or null to remove it',
      'settings.password must hold 4 to 128 characters',
    );
  }
  return out;
}
