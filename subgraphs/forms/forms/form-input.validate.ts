import { asObject, isHttpUrl, onlyKeys, UUID, validationError } from '../shared/validation-error.js';
import { validateField, type FieldDraft } from '../fields/form-field.validate.js';

/** Create and update bodies after validation; undefined means "not given" (update keeps the stored value). */
export interface FormDraft {
  title?: string;
  slug?: string;
  description?: string | null;
  settings?: Record<string, unknown>;
  theme?: Record<string, unknown>;
  status?: 'CLOSED';
  fields?: FieldDraft[];
}

const CREATE_KEYS = ['title', 'slug', 'description', 'settings', 'theme', 'fields'] as const;
// `status: CLOSED` is the one status a PUT may set (form-state.ts).
const UPDATE_KEYS = ['title', 'slug', 'description', 'settings', 'theme', 'status'] as const;
const SETTINGS_KEYS = ['accessType', 'requireApiKey', 'redirectUrl', 'password'] as const;
const THEME_KEYS = ['preset', 'colors'] as const;
const COLOR_KEYS = ['primary', 'background', 'text'] as const;
const PRESETS = ['MODERN', 'BOLD'] as const;
const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_FIELDS = 200;

export function validateFormBody(raw: unknown, mode: 'create' | 'update'): FormDraft {
  const body = asObject(raw, 'body');
  onlyKeys(body, mode === 'create' ? CREATE_KEYS : UPDATE_KEYS, '');
  const draft: FormDraft = {};
  if (mode === 'create' || body.title !== undefined) {
    const { title } = body;
    if (typeof title !== 'string' || title.trim() === '' || title.length > 200) throw validationError('title', title, 'string of 1 to 200 characters', 'title is required and holds at most 200 characters');
    draft.title = title;
  }
  if (body.slug !== undefined && !(mode === 'create' && body.slug === null)) draft.slug = checkSlug(body.slug);
  if (body.description !== undefined) {
    const { description } = body;
    if (description !== null && (typeof description !== 'string' || description.length > 5000)) throw validationError('description', description, 'string of at most 5000 characters or null', 'description is too long');
    draft.description = description as string | null;
  }
  if (body.settings !== undefined) draft.settings = checkSettings(body.settings);
  if (body.theme !== undefined) draft.theme = checkTheme(body.theme);
  if (body.status !== undefined) {
    if (body.status !== 'CLOSED') throw validationError('status', body.status, ['CLOSED'], 'Only CLOSED can be set here; use publish, unpublish or DELETE for the other states');
    draft.status = 'CLOSED';
  }
  if (mode === 'create' && body.fields !== undefined && body.fields !== null) {
    if (!Array.isArray(body.fields) || body.fields.length > MAX_FIELDS) throw validationError('fields', Array.isArray(body.fields) ? `${body.fields.length} fields` : typeof body.fields, `array of at most ${MAX_FIELDS} fields`, 'fields must be an array');
    draft.fields = body.fields.map((field, i) => validateField(field, `fields[${i}]`));
    const refs = draft.fields.map((f) => f.ref).filter((r): r is string => r !== null);
    const repeated = refs.find((r, i) => refs.indexOf(r) !== i);
    if (repeated) throw validationError('fields.ref', repeated, 'a ref used once per form', `Two fields use the ref ${repeated}`);
  }
  return draft;
}

function checkSlug(slug: unknown): string {
  if (typeof slug !== 'string' || slug.length > 100 || !SLUG.test(slug) || UUID.test(slug)) {
    throw validationError('slug', slug, 'lower-case letters, digits and single hyphens, at most 100 characters, not shaped like a uuid', 'slug has invalid characters or length');
  }
  return slug;
}

/**
 * Settings keys of part 2.4 plus `redirectUrl` (the submit result's redirect) and `password` (plain text here, hashed
 * by the service before it is stored; null removes it); other keys are refused.
 */
function checkSettings(raw: unknown): Record<string, unknown> {
  const settings = asObject(raw, 'settings');
  onlyKeys(settings, SETTINGS_KEYS, 'settings');
  const out: Record<string, unknown> = {};
  if (settings.accessType != null) {
    if (settings.accessType !== 'PUBLIC') throw validationError('settings.accessType', settings.accessType, ['PUBLIC'], 'settings.accessType must be PUBLIC');
    out.accessType = 'PUBLIC';
  }
  if (settings.requireApiKey != null) {
    if (typeof settings.requireApiKey !== 'boolean') throw validationError('settings.requireApiKey', settings.requireApiKey, 'boolean', 'settings.requireApiKey must be true or false');
    out.requireApiKey = settings.requireApiKey;
  }
  if (settings.redirectUrl != null) {
    if (typeof settings.redirectUrl !== 'string' || !isHttpUrl(settings.redirectUrl)) throw validationError('settings.redirectUrl', settings.redirectUrl, 'an absolute http(s) URL', 'settings.redirectUrl must be an http(s) URL');
    out.redirectUrl = settings.redirectUrl;
  }
  if (settings.password !== undefined) {
    const { password } = settings;
    if (password !== null && (typeof password !== 'string' || password.length < 4 || password.length > 128)) throw validationError('settings.password', typeof password === 'string' ? `${password.length} characters` : password, 'string of 4 to 128 characters, or null to remove it', 'settings.password must hold 4 to 128 characters');
    out.password = password;
  }
  return out;
}

function checkTheme(raw: unknown): Record<string, unknown> {
  const theme = asObject(raw, 'theme');
  onlyKeys(theme, THEME_KEYS, 'theme');
  const out: Record<string, unknown> = {};
  if (theme.preset != null) {
    if (!(PRESETS as readonly unknown[]).includes(theme.preset)) throw validationError('theme.preset', theme.preset, PRESETS, 'theme.preset must be MODERN or BOLD');
    out.preset = theme.preset;
  }
  if (theme.colors != null) {
    const colors = asObject(theme.colors, 'theme.colors');
    onlyKeys(colors, COLOR_KEYS, 'theme.colors');
    for (const [key, value] of Object.entries(colors)) {
      if (value != null && (typeof value !== 'string' || !HEX.test(value))) throw validationError(`theme.colors.${key}`, value, 'hex color such as #1a2b3c', `theme.colors.${key} must be a hex color`);
    }
    out.colors = colors;
  }
  return out;
}
