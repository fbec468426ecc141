import { createTemplateEngine } from '../../../platform/templates/template-engine.js';
import { TemplateRenderer } from '../../../platform/templates/template-renderer.js';

/** What a canned response may refer to: `{{visitor.name}}`, `{{agent.name}}`, `{{conversation.id}}`, `{{inbox.name}}`… */
export interface CannedVariables {
  visitor: { name: string | null; email: string | null };
  agent: { name: string | null; email: string | null };
  conversation: { id: string; status: string };
  inbox: { name: string; email: string | null };
}

// Values are HTML-escaped, `raw` included: it would otherwise skip the escaping of visitor-written values. Quotes are
// `&#34;`, as liquidjs's own escaping wrote them before canned responses shared the platform engine.
const LIQUID_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };
const renderer = new TemplateRenderer(
  createTemplateEngine({ output: 'html', escape: (text) => text.replace(/[&<>"']/g, (ch) => LIQUID_ESCAPES[ch]) }),
);

/** Throws TemplateError naming `field` (with where Liquid stopped) when `content` is not Liquid. */
export function checkCanned(content: string, field: string): void {
  renderer.check(content, field);
}

/**
 * Renders a canned response's content. Content is checked when it is written; one stored before that check that
 * Liquid cannot parse or render is used as written (Chatwoot's behaviour).
 */
export async function renderCanned(content: string, variables: CannedVariables): Promise<string> {
  try {
    return renderer.render(content, variables as unknown as Record<string, unknown>, 'content');
  } catch {
    return content;
  }
}
