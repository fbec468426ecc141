import { AssertionError, LiquidError, type Liquid, type Template } from 'liquidjs';
import { TemplateError, TemplateValueError } from './template-error.js';

/** Parses `source` (already in Liquid syntax) or throws TemplateError naming `field`. */
export function parseTemplate(engine: Liquid, source: string, field: string): Template[] {
  try {
    return engine.parse(source);
  } catch (error) {
    // A limit (the parse length) is an AssertionError, not a LiquidError.
    if (error instanceof LiquidError || error instanceof AssertionError) throw TemplateError.of(error, field);
    throw error;
  }
}

/**
 * Renders parsed templates. A limit reached while rendering throws TemplateError naming `field`; a value the
 * engine's output refused throws that TemplateValueError, with the output's expression.
 */
export function renderParsed(
  engine: Liquid,
  templates: Template[],
  scope: Record<string, unknown>,
  field: string,
): string {
  try {
    return engine.renderSync(templates, scope) as string;
  } catch (error) {
    if (error instanceof AssertionError) throw TemplateError.of(error, field);
    if (!(error instanceof LiquidError)) throw error;
    const refused = error.originalError;
    if (!(refused instanceof TemplateValueError)) throw TemplateError.of(error, field);
    refused.expression =
      error.token
        ?.getText()
        .replace(/^\{\{-?|-?\}\}$/g, '')
        .trim() ?? '';
    throw refused;
  }
}
