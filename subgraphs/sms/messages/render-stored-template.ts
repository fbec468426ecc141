import { DomainError } from '../../../platform/errors/domain-error.js';
import { TemplateError } from '../../../platform/templates/template-error.js';
import { renderSmsTemplate } from '../sending/template-render.js';

/**
 * The message text from a template. A custom template Liquid cannot render (stored before bodies were checked, or
 * past a render limit) refuses the request with a 400 naming the template and where it stopped.
 */
export function renderStoredTemplate(body: string, templateAlias: string, model: Record<string, unknown>): string {
  try {
    return renderSmsTemplate(body, model);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    throw new DomainError('INVALID_REQUEST', `SMS template ${templateAlias} cannot be rendered: ${error.message}`, {
      field: 'templateAlias',
      received: templateAlias,
      expected: 'a template whose body is valid Liquid',
      ...(error.position ?? {}),
    });
  }
}
