import { createTemplateEngine } from '../../../platform/templates/template-engine.js';
import { templateScope } from '../../../platform/templates/template-model.js';

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
const engine = createTemplateEngine({
  output: 'html',
  escape: (text) => text.replace(/[&<>"']/g, (ch) => LIQUID_ESCAPES[ch]),
});

/** Renders a canned response's content; a template Liquid cannot parse or render is used as written (Chatwoot). */
export async function renderCanned(content: string, variables: CannedVariables): Promise<string> {
  try {
    return (await engine.parseAndRender(
      content,
      templateScope(variables as unknown as Record<string, unknown>),
    )) as string;
  } catch {
    return content;
  }
}
