import { DomainError } from '../../../platform/errors/domain-error.js';
import type { EmailTemplateInput } from './email-template.types.js';

/** A template's editable fields, complete. */
export interface TemplateFields {
  name: string;
  subject: string;
  alias: string | null;
  htmlBody: string | null;
  textBody: string | null;
}

export type TemplateDraft = Pick<EmailTemplateInput, keyof TemplateFields>;

/**
 * What a whole template needs, checked on the result of a create or a merged update (the field rules run on the
 * input type): a name, a subject, and htmlBody or textBody.
 */
export function completeTemplate(draft: TemplateDraft): TemplateFields {
  const missing = (field: string, received: unknown, expected: string, message: string) =>
    new DomainError('INVALID_REQUEST', message, { field, received: received ?? null, expected });
  const { name, subject, alias, htmlBody, textBody } = draft;
  if (name == null) throw missing('name', name, 'string of 1 to 200 characters', 'name is required');
  if (subject == null)
    throw missing('subject', subject, 'non-empty string of at most 998 characters', 'subject is required');
  if (!htmlBody && !textBody)
    throw missing('htmlBody', htmlBody, 'htmlBody or textBody', 'A template needs htmlBody or textBody');
  return { name, subject, alias: alias ?? null, htmlBody: htmlBody || null, textBody: textBody || null };
}
