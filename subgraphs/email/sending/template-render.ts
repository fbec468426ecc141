import { createTemplateEngine } from '../../../platform/templates/template-engine.js';
import { fromMustache } from '../../../platform/templates/legacy-syntax.js';
import {
  parseTemplate,
  renderParsed,
  templateVariables as variablesOf,
} from '../../../platform/templates/liquid-template.js';
import { templateScope } from '../../../platform/templates/template-model.js';

/** Email templates are Liquid (docs/email.md); `{{{ var }}}` from the Postmark-style syntax still inserts raw. */
export type RenderMode = 'html' | 'text';

// HTML bodies escape every output unless `raw`; subjects and text bodies never escape. Objects print as ''.
const engines = {
  html: createTemplateEngine({ output: 'html', rawUnescaped: true }),
  text: createTemplateEngine({ output: 'text' }),
};

/**
 * Renders a stored template field against `model`; missing values render as ''. Throws TemplateError naming
 * `field` when the source does not parse (stored before templates were checked) or reaches a render limit.
 */
export function renderTemplate(
  source: string,
  model: Record<string, unknown>,
  mode: RenderMode,
  field = 'template',
): string {
  const engine = engines[mode];
  return renderParsed(engine, parseTemplate(engine, fromMustache(source), field), templateScope(model), field);
}

/** Throws TemplateError naming `field` when `source` is not a template email can render. */
export function checkTemplate(source: string, field: string): void {
  parseTemplate(engines.html, fromMustache(source), field);
}

/** Model paths the template reads, each once, in order of first use; none for a template that does not parse. */
export function templateVariables(source: string): string[] {
  try {
    return variablesOf(engines.text, parseTemplate(engines.text, fromMustache(source), 'template'));
  } catch {
    return [];
  }
}

// A tag's path as the preview accepts it: identifier first, then dot-separated keys (digits for array items).
const PATH = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/;
// Keys that lead out of the model into prototypes: never a variable (the template model drops them too).
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether `name` is a variable path a tag can use and rendering would look up (none leads into a prototype). */
export function isVariablePath(name: string): boolean {
  return PATH.test(name) && !name.split('.').some((key) => FORBIDDEN_KEYS.has(key));
}

/** Whether rendering the tag `{{ path }}` against `model` prints a value (missing values and objects print ''). */
export function hasValue(model: Record<string, unknown>, path: string): boolean {
  let value: unknown = model;
  for (const key of path.split('.')) {
    const holds =
      typeof value === 'object' &&
      value !== null &&
      !FORBIDDEN_KEYS.has(key) &&
      Object.prototype.hasOwnProperty.call(value, key);
    value = holds ? (value as Record<string, unknown>)[key] : undefined;
  }
  return (
    typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean'
  );
}
