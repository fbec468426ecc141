import { DomainError } from '../../../platform/errors/domain-error.js';
import { createTemplateEngine } from '../../../platform/templates/template-engine.js';
import { fromSmsEscapes } from '../../../platform/templates/legacy-syntax.js';
import { TemplateValueError } from '../../../platform/templates/template-error.js';
import { TemplateRenderer } from '../../../platform/templates/template-renderer.js';

/** An object or array reached an output: it has no text form worth sending. */
class NonScalarOutput extends TemplateValueError {
  constructor(readonly received: 'array' | 'object') {
    super('not a string, number or boolean');
  }
}

// SMS is plain text: no HTML escaping, ever.
const renderer = new TemplateRenderer(
  createTemplateEngine({
    output: 'text',
    nonScalar: (value) => {
      throw new NonScalarOutput(Array.isArray(value) ? 'array' : 'object');
    },
  }),
  fromSmsEscapes,
);

/**
 * Renders an SMS template (Liquid; `\{{` still stands for literal braces) with `templateModel`. Values are inserted
 * as they are, once (a value holding `{{x}}` is not expanded again); missing or null renders empty; an object or
 * array output is a 400 naming `templateModel.<path>`. Throws TemplateError when the body does not parse or reaches
 * a render limit.
 */
export function renderSmsTemplate(body: string, model: Record<string, unknown> = {}): string {
  try {
    return renderer.render(body, model, 'body');
  } catch (error) {
    if (error instanceof NonScalarOutput) throw nonScalar(error, model);
    throw error;
  }
}

/** Throws TemplateError naming `body` when it is not a template SMS can render. */
export function checkSmsTemplate(body: string): void {
  renderer.check(body, 'body');
}

/** Variable names a template uses (for the template record); none for a body that does not parse. */
export function templateVariables(body: string): string[] {
  return renderer.variables(body);
}

// The output names the variable when it is a plain model path (`{{ user }}`); a loop's own variable or a filtered
// value is reported as the model as a whole.
function nonScalar(error: NonScalarOutput, model: Record<string, unknown>): DomainError {
  const path = error.expression;
  const isModelPath =
    /^[A-Za-z_][\w]*(?:\.[\w]+)*$/.test(path) && Object.prototype.hasOwnProperty.call(model, path.split('.')[0]);
  const field = isModelPath ? `templateModel.${path}` : 'templateModel';
  return new DomainError('INVALID_REQUEST', `${field} must be a string, number or boolean`, {
    field,
    received: error.received,
    expected: 'string, number or boolean',
  });
}
