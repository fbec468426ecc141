import { DomainError } from '../../../platform/errors/domain-error.js';
import { TemplateError } from '../../../platform/templates/template-error.js';
import type { EmailTemplate } from '../entities/email-template.entity.js';
import { renderTemplate } from '../sending/template-render.js';
import type { ValidSend } from './send-email.validate.js';

/**
 * Fills subject, html and text from the template with `templateModel`, unless the send gives them. A stored
 * template Liquid cannot render (saved before templates were checked, or past a render limit) refuses the send with
 * a 400 naming the template and where it stopped.
 */
export function renderTemplateFields(valid: ValidSend, template: EmailTemplate): ValidSend {
  const model = valid.templateModel;
  try {
    return {
      ...valid,
      subject: valid.subject ?? renderTemplate(template.subject, model, 'text', 'subject'),
      html: valid.html ?? (template.htmlBody ? renderTemplate(template.htmlBody, model, 'html', 'htmlBody') : undefined),
      text: valid.text ?? (template.textBody ? renderTemplate(template.textBody, model, 'text', 'textBody') : undefined),
    };
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    throw new DomainError('INVALID_REQUEST', `Template ${valid.templateId} cannot be rendered: ${error.message}`, {
      field: 'templateId',
      received: valid.templateId,
      expected: 'a template whose fields are valid Liquid',
      templateField: error.field,
      ...(error.position ?? {}),
    });
  }
}
