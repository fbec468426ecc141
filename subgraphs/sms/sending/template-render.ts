import { LiquidError } from 'liquidjs';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { createTemplateEngine } from '../../../platform/templates/template-engine.js';
import { fromSmsEscapes } from '../../../platform/templates/legacy-syntax.js';
import { parseTemplate, templateVariables as variablesOf } from '../../../platform/templates/parse-template.js';
import { templateScope } from '../../../platform/templates/template-model.js';

/** An object or array reached an output: it has no text form worth sending. */
class NonScalarOutput extends Error {
  constructor(readonly received: 'array' | 'object') {
    super('not a string, number or boolean');
  }
}

// SMS is plain text: no HTML escaping, ever.
const engine = createTemplateEngine({
  output: 'text',
  nonScalar: (value) => {
    throw new NonScalarOutput(Array.isArray(value) ? 'array' : 'object');
  },
});

/**
 * Renders an SMS template (Liquid; `\{{` still stands for literal braces) with `templateModel`. Values are inserted
 * as they are, once (a value holding `{{x}}` is not expanded again); missing or null renders empty; an object or
 * array output is a 400 naming `templateModel.<path>`. Throws TemplateSyntaxError when the body does not parse.
 */
export function renderSmsTemplate(body: string, model: Record<string, unknown> = {}): string {
  const templates = parseTemplate(engine, fromSmsEscapes(body), 'body');
  try {
    return engine.renderSync(templates, templateScope(model)) as string;
  } catch (error) {
    if (error instanceof LiquidError && error.originalError instanceof NonScalarOutput) throw nonScalar(error, model, error.originalError.received);
    throw error;
  }
}

/** Throws TemplateSyntaxError naming `body` when it is not a template SMS can render. */
export function checkSmsTemplate(body: string): void {
  parseTemplate(engine, fromSmsEscapes(body), 'body');
}

/** Variable names a template uses (for the template record); none for a body that does not parse. */
export function templateVariables(body: string): string[] {
  try {
    return variablesOf(engine, parseTemplate(engine, fromSmsEscapes(body), 'body'));
  } catch {
    return [];
  }
}

// The output's expression names the variable when it is a plain model path (`{{ user }}`); a loop's own variable or
// a filtered value is reported as the model as a whole.
function nonScalar(error: LiquidError, model: Record<string, unknown>, received: 'array' | 'object'): DomainError {
  const expression = error.token?.getText().replace(/^\{\{-?|-?\}\}$/g, '').trim() ?? '';
  const root = expression.split('.')[0];
  const isModelPath = /^[A-Za-z_][\w]*(?:\.[\w]+)*$/.test(expression) && Object.prototype.hasOwnProperty.call(model, root);
  const field = isModelPath ? `templateModel.${expression}` : 'templateModel';
  return new DomainError('INVALID_REQUEST', `${field} must be a string, number or boolean`, { field, received, expected: 'string, number or boolean' });
}
