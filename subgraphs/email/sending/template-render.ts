import { createTemplateEngine } from '../../../platform/templates/template-engine.js';
import { fromMustache } from '../../../platform/templates/legacy-syntax.js';
import { TemplateRenderer } from '../../../platform/templates/template-renderer.js';

/** Email templates are Liquid (docs/email.md); `{{{ var }}}` from the Postmark-style syntax still inserts raw. */
export type RenderMode = 'html' | 'text';

// HTML bodies escape every output unless `raw`; subjects and text bodies never escape. Objects print as ''.
const renderers = {
  html: new TemplateRenderer(createTemplateEngine({ output: 'html', rawUnescaped: true }), fromMustache),
  text: new TemplateRenderer(createTemplateEngine({ output: 'text' }), fromMustache),
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
  return renderers[mode].render(source, model, field);
}

/** Throws TemplateError naming `field` when `source` is not a template email can render. */
export function checkTemplate(source: string, field: string): void {
  renderers.html.check(source, field);
}

/** Model paths the template reads, each once, in order of first use; none for a template that does not parse. */
export function templateVariables(source: string): string[] {
  return renderers.text.variables(source);
}
