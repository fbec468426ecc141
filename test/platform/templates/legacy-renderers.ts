// The renderers email and SMS used before templates were Liquid, kept verbatim so the compatibility table can show
// that a template in their syntax renders the same under Liquid.

type RenderMode = 'html' | 'text';

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
export function legacyEmailRender(source: string, model: Record<string, unknown>, mode: RenderMode): string {
  return source.replace(TAG, (whole: string, open: string, inner: string, close: string) => {
    const tag = parseTag(open, inner, close);
    if (tag === null) return whole;
    const value = format(lookup(model, tag.path));
    return mode === 'html' && !tag.raw ? escapeHtml(value) : value;
  });
}

/** Variable paths the template uses, each once, in order of first use. */
export function legacyEmailVariables(source: string): string[] {
  const seen = new Set<string>();
  for (const match of source.matchAll(TAG)) {
    const tag = parseTag(match[1], match[2], match[3]);
    if (tag !== null) seen.add(tag.path);
  }
  return [...seen];
}

function escapeHtml(value: string): string {
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

export class LegacySmsObjectValue extends Error {
  constructor(readonly field: string) {
    super(field);
  }
}

const PLACEHOLDER = /\\\{\{|\{\{\s*([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*\}\}/g;

/**
 * Substitutes `templateModel` into an SMS template. SMS is plain text, so values are inserted as they are (no
 * HTML escaping); one pass only, so a value containing `{{x}}` is never expanded again. Strings, numbers and
 * booleans are inserted; a missing or null variable renders empty; an object or array is a 400 (it has no
 * text form worth sending). `\{{` renders a literal `{{`.
 */
export function legacySmsRender(body: string, model: Record<string, unknown> = {}): string {
  return body.replace(PLACEHOLDER, (match, path: string | undefined) => {
    if (path === undefined) return '{{';
    let value: unknown = model;
    for (const key of path.split('.')) {
      value =
        typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, key)
          ? (value as Record<string, unknown>)[key]
          : undefined;
    }
    if (value === undefined || value === null) return '';
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw new LegacySmsObjectValue(`templateModel.${path}`);
  });
}

/** Variable names a template uses (for the template record). */
export function legacySmsVariables(body: string): string[] {
  const names = new Set<string>();
  for (const m of body.matchAll(PLACEHOLDER)) if (m[1]) names.add(m[1]);
  return [...names];
}
