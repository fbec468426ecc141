/**
 * The variables a template's Liquid output tags name (`{{ name }}`, `{{ plan.tier | upcase }}`), in order of first
 * use. Only output tags are read: the names are shown to say what a send's templateModel should carry, the template
 * itself is rendered by the platform.
 */
export function templateVariables(...sources: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const source of sources) {
    for (const match of (source ?? '').matchAll(/\{\{-?\s*([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)/g)) seen.add(match[1]!);
  }
  return [...seen];
}
