// Keys that lead out of a model into prototypes; dropped even when the model holds them as own properties, so
// `{{ constructor.name }}` renders empty whatever the caller sent.
export const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A JSON copy of the caller's model without prototype-named keys: what a template is rendered against. */
export function templateScope(model: Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (model == null) return {};
  return JSON.parse(
    JSON.stringify(model, (key, value: unknown) => (FORBIDDEN_KEYS.has(key) ? undefined : value)),
  ) as Record<string, unknown>;
}

// A tag's path as a preview accepts it: identifier first, then dot-separated keys (digits for array items).
const PATH = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/;

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
