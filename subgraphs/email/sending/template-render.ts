/** Postmark/Mustache-style variable substitution for stored templates: `{{ var }}`, `{{ a.b }}`, `{{{ raw }}}`. */
// Not liquidjs (support's canned responses): the documented syntax has `{{{ raw }}}`, which Liquid lacks, and stored
// templates may hold Mustache sections (`{{#each}}`) that render as written here but would fail Liquid's parser.

export type RenderMode = 'html' | 'text';

// `[^{}]*` cannot overlap the braces around it, so matching stays linear on any input.
const TAG = /\{\{(\{?)([^{}]*)\}\}(\}?)/g;
// Identifier first, then dot-separated keys (digits allowed, for array items like `items.0.name`).
const PATH = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/;
// Keys that lead out of the model into prototypes, refused even when the model holds them as own properties.
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Replaces every variable tag with its value from `model`. Missing values render as ''.
 * In html mode `{{ }}` is HTML-escaped and `{{{ }}}` is inserted as is; text mode never escapes.
 * Tags that are not a plain variable path (sections, partials, mismatched braces) are left untouched.
 */
export function renderTemplate(source: string, model: Record<string, unknown>, mode: RenderMode): string {
  return source.replace(TAG, (whole: string, open: string, inner: string, close: string) => {
    const tag = parseTag(open, inner, close);
    if (tag === null) return whole;
    const value = format(lookup(model, tag.path));
    return mode === 'html' && !tag.raw ? escapeHtml(value) : value;
  });
}

/** Variable paths the template uses, each once, in order of first use. */
export function templateVariables(source: string): string[] {
  const seen = new Set<string>();
  for (const match of source.matchAll(TAG)) {
    const tag = parseTag(match[1], match[2], match[3]);
    if (tag !== null) seen.add(tag.path);
  }
  return [...seen];
}

/** Whether `name` is a variable path a tag can use and rendering would look up (none leads into a prototype). */
export function isVariablePath(name: string): boolean {
  return PATH.test(name) && !name.split('.').some((key) => FORBIDDEN_KEYS.has(key));
}

/** Whether rendering the tag `{{ path }}` against `model` prints a value (missing values and objects print ''). */
export function hasValue(model: Record<string, unknown>, path: string): boolean {
  const value = lookup(model, path);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean';
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

function parseTag(open: string, inner: string, close: string): { path: string; raw: boolean } | null {
  if (open.length !== close.length) return null;
  const path = inner.trim();
  return PATH.test(path) ? { path, raw: open === '{' } : null;
}

/** Walks own properties only, so nothing inherited from a prototype is reachable. */
function lookup(model: Record<string, unknown>, path: string): unknown {
  let current: unknown = model;
  for (const key of path.split('.')) {
    if (FORBIDDEN_KEYS.has(key)) return undefined;
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Scalars print as themselves; objects, arrays and functions print as '' rather than `[object Object]`. */
function format(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      return '';
  }
}
