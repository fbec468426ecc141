/**
 * HTML written on the server escapes by default: every value interpolated into `html` is escaped unless it is
 * already `SafeHtml` (the result of another `html` call, or a constant marked with `trustedHtml`). Hosted pages build
 * their markup only through this, so a form title, an inbox name or an application name can never become markup.
 */

/** Markup that is safe to write as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => ESCAPES[c]!);
}

function part(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(part).join('');
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<h1>${title}</h1>\``. Arrays are joined; null, undefined and false write nothing. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += part(values[i]) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** A constant of the code's own (never user input) written as markup. */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * JSON for a `<script type="application/json">` block: `<`, `>`, `&` and the line separators escaped, so no string in
 * it can close the element.
 */
export function jsonForScript(value: unknown): SafeHtml {
  const json = JSON.stringify(value ?? null).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return new SafeHtml(json);
}
