// Keys that lead out of a model into prototypes; dropped even when the model holds them as own properties, so
// `{{ constructor.name }}` renders empty whatever the caller sent.
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A JSON copy of the caller's model without prototype-named keys: what a template is rendered against. */
export function templateScope(model: Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (model == null) return {};
  return JSON.parse(
    JSON.stringify(model, (key, value: unknown) => (FORBIDDEN_KEYS.has(key) ? undefined : value)),
  ) as Record<string, unknown>;
}
