import { invalidTemplate, TemplateError } from '../../../platform/templates/template-error.js';
import { checkTemplate } from '../sending/template-render.js';
import type { TemplateDraft } from './complete-template.js';

const TEMPLATE_FIELDS = ['subject', 'htmlBody', 'textBody'] as const;

/**
 * The template fields given must parse as Liquid: a 400 naming the field and where Liquid stopped (an update checks
 * only the fields it changes, so a template stored before the check can still be renamed).
 */
export function checkTemplateSyntax(draft: TemplateDraft): void {
  for (const field of TEMPLATE_FIELDS) {
    const source = draft[field];
    if (typeof source !== 'string') continue;
    try {
      checkTemplate(source, field);
    } catch (error) {
      if (error instanceof TemplateError) throw invalidTemplate(error, source);
      throw error;
    }
  }
}
