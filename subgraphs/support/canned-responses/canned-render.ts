import { Liquid } from 'liquidjs';

/** What a canned response may refer to: `{{visitor.name}}`, `{{agent.name}}`, `{{conversation.id}}`, `{{inbox.name}}`… */
export interface CannedVariables {
  visitor: { name: string | null; email: string | null };
  agent: { name: string | null; email: string | null };
  conversation: { id: string; status: string };
  inbox: { name: string; email: string | null };
}

// Values are HTML-escaped; unknown variables and filters render empty or pass through; `include`/`render` see an
// empty in-memory file system (no disk reads); limits stop a hostile template from spinning or exhausting memory.
const engine = new Liquid({
  outputEscape: 'escape',
  strictFilters: false,
  strictVariables: false,
  ownPropertyOnly: true,
  templates: {},
  parseLimit: 100_000,
  renderLimit: 200,
  memoryLimit: 1_000_000,
});
// Liquid's `raw` filter would skip the escaping of visitor-written values: here it is a plain filter, escaped like any.
engine.registerFilter('raw', (value: unknown) => value);

/** Renders a canned response's content; a template Liquid cannot parse or render is used as written (Chatwoot). */
export async function renderCanned(content: string, variables: CannedVariables): Promise<string> {
  try {
    return await engine.parseAndRender(content, variables as unknown as Record<string, unknown>);
  } catch {
    return content;
  }
}
