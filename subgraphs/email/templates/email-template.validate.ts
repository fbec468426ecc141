import { DomainError } from '../../../platform/errors/domain-error.js';

/** A template's editable fields after validation. */
export interface TemplateFields {
  name: string;
  subject: string;
  alias: string | null;
  htmlBody: string | null;
  textBody: string | null;
}

/** What create and update receive: any field may be missing or null; the rules below decide. */
export type TemplateDraft = { [K in keyof TemplateFields]?: TemplateFields[K] | null };

/** Ids are `tpl_…`; an alias must never look like one, so lookups by id or alias are unambiguous. */
export const TEMPLATE_ID_PREFIX = 'tpl_';

const MAX_NAME = 200;
// RFC 5322 line limit, the same cap the send body puts on subject.
const MAX_SUBJECT = 998;
// The same cap the send body puts on html and text.
const MAX_BODY = 5_000_000;
const ALIAS = /^[A-Za-z0-9_.-]{1,100}$/;

/** Every rule a complete template must meet; the first problem becomes a 400 with field, received, expected. */
export function validateTemplate(draft: TemplateDraft): TemplateFields {
  const fail = (field: string, received: unknown, expected: string, message: string): never => {
    throw new DomainError('INVALID_REQUEST', message, { field, received: received ?? null, expected });
  };
  const { name, subject, alias, htmlBody, textBody } = draft;
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME) {
    fail('name', name, `string of 1 to ${MAX_NAME} characters`, `name is required and holds at most ${MAX_NAME} characters`);
  }
  if (typeof subject !== 'string' || subject.trim() === '' || subject.length > MAX_SUBJECT) {
    fail('subject', subject, `non-empty string of at most ${MAX_SUBJECT} characters`, `subject is required and holds at most ${MAX_SUBJECT} characters`);
  }
  for (const [field, body] of [['htmlBody', htmlBody], ['textBody', textBody]] as const) {
    if (body != null && body.length > MAX_BODY) fail(field, `${body.length} characters`, `at most ${MAX_BODY} characters`, `${field} is too long`);
  }
  if (!htmlBody && !textBody) fail('htmlBody', htmlBody, 'htmlBody or textBody', 'A template needs htmlBody or textBody');
  if (alias != null) {
    if (!ALIAS.test(alias)) fail('alias', alias, '1 to 100 letters, digits, _ . or -', 'alias has invalid characters or length');
    if (alias.toLowerCase().startsWith(TEMPLATE_ID_PREFIX)) fail('alias', alias, `an alias not starting with "${TEMPLATE_ID_PREFIX}" (reserved for template ids)`, 'alias must not look like a template id');
  }
  return { name: name!, subject: subject!, alias: alias ?? null, htmlBody: htmlBody || null, textBody: textBody || null };
}
