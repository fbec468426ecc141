// Stored templates were written in two Mustache-like dialects before every module rendered Liquid. Their documented
// syntax that Liquid lacks is rewritten into Liquid before parsing, so those templates keep rendering as they did.

const PATH = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/;
// `[^{}]*` cannot overlap the braces around it, so matching stays linear on any input.
const TRIPLE = /\{\{\{([^{}]*)\}\}\}/g;
const BACKSLASH_BRACES = /\\\{\{/g;

/** Email's `{{{ path }}}` (inserted without HTML escaping) becomes `{{ path | raw }}`. */
export function fromMustache(source: string): string {
  return source.replace(TRIPLE, (whole, inner: string) =>
    PATH.test(inner.trim()) ? `{{ ${inner.trim()} | raw }}` : whole,
  );
}

/** SMS's `\{{` (literal braces) becomes `{{ '{{' }}`. */
export function fromSmsEscapes(source: string): string {
  return source.replace(BACKSLASH_BRACES, "{{ '{{' }}");
}
