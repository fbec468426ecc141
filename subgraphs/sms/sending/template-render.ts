import { DomainError } from '../../../platform/errors/domain-error.js';

// Not liquidjs (support's canned responses): the documented `\{{` escape is not Liquid syntax, an object value must be
// a 400 naming `templateModel.<path>` (Liquid prints it), and `{%` in a message body would become a tag.
/** `{{ name }}` or `{{ a.b }}`; `\{{` stands for literal braces. */
const PLACEHOLDER = /\\\{\{|\{\{\s*([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*\}\}/g;

/**
 * Substitutes `templateModel` into an SMS template. SMS is plain text, so values are inserted as they are (no
 * HTML escaping); one pass only, so a value containing `{{x}}` is never expanded again. Strings, numbers and
 * booleans are inserted; a missing or null variable renders empty; an object or array is a 400 (it has no
 * text form worth sending). `\{{` renders a literal `{{`.
 */
export function renderSmsTemplate(body: string, model: Record<string, unknown> = {}): string {
  return body.replace(PLACEHOLDER, (match, path: string | undefined) => {
    if (path === undefined) return '{{';
    let value: unknown = model;
    for (const key of path.split('.')) {
      value = typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (value === undefined || value === null) return '';
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw new DomainError('INVALID_REQUEST', `templateModel.${path} must be a string, number or boolean`, { field: `templateModel.${path}`, received: Array.isArray(value) ? 'array' : 'object', expected: 'string, number or boolean' });
  });
}

/** Variable names a template uses (for the template record). */
export function templateVariables(body: string): string[] {
  const names = new Set<string>();
  for (const m of body.matchAll(PLACEHOLDER)) if (m[1]) names.add(m[1]);
  return [...names];
}
