import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { TemplateError } from '../../../platform/templates/template-error.js';
import { EmailTemplate } from '../entities/email-template.entity.js';
import { hasValue } from '../../../platform/templates/template-model.js';
import { renderTemplate, templateVariables } from '../sending/template-render.js';

/** What a stored template renders to with a model: the subject as text, each body it has. */
export interface RenderedTemplate {
  subject: string;
  html?: string;
  text?: string;
}

/** The template a send names by id or alias, if active; a send and a preview answer the same NOT_FOUND otherwise. */
export async function sendableTemplate(em: EntityManager, idOrAlias: string): Promise<EmailTemplate> {
  const template = await em.findOne(EmailTemplate, { $or: [{ id: idOrAlias }, { alias: idOrAlias }] });
  if (!template || !template.active)
    throw new DomainError('NOT_FOUND', `Template ${idOrAlias} not found`, { field: 'templateId', received: idOrAlias });
  return template;
}

/**
 * The one rendering of a stored template, used by sending and by the preview alike. A stored template Liquid cannot
 * render (saved before templates were checked, or past a render limit) is a 400 naming the template and where it
 * stopped.
 */
export function renderStoredTemplate(
  template: EmailTemplate,
  model: Record<string, unknown>,
  reference: string = template.id,
): RenderedTemplate {
  try {
    return {
      subject: renderTemplate(template.subject, model, 'text', 'subject'),
      html: template.htmlBody ? renderTemplate(template.htmlBody, model, 'html', 'htmlBody') : undefined,
      text: template.textBody ? renderTemplate(template.textBody, model, 'text', 'textBody') : undefined,
    };
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    throw new DomainError('INVALID_REQUEST', `Template ${reference} cannot be rendered: ${error.message}`, {
      field: 'templateId',
      received: reference,
      expected: 'a template whose fields are valid Liquid',
      templateField: error.field,
      ...(error.position ?? {}),
    });
  }
}

/** Every variable the template's subject and bodies use, each once, in order of first use. */
export function storedTemplateVariables(template: EmailTemplate): string[] {
  return [...new Set([template.subject, template.htmlBody ?? '', template.textBody ?? ''].flatMap(templateVariables))];
}

/** Which of `variables` the model gives no printable value (they render empty). */
export function missingVariables(variables: string[], model: Record<string, unknown>): string[] {
  return variables.filter((path) => !hasValue(model, path));
}
