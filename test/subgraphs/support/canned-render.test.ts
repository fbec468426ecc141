import { renderCanned, type CannedVariables } from '../../../subgraphs/support/canned-responses/canned-render.js';

const variables: CannedVariables = {
  visitor: { name: '<img src=x onerror=alert(1)>', email: 'v@example.com' },
  agent: { name: 'Ana', email: null },
  conversation: { id: 'c1', status: 'open' },
  inbox: { name: 'Help & <b>support</b>', email: null },
};

describe('canned response rendering', () => {
  it('should escape visitor-written values, with or without the raw filter', async () => {
    expect(await renderCanned('Hi {{visitor.name}}', variables)).toBe('Hi &lt;img src=x onerror=alert(1)&gt;');
    expect(await renderCanned('Hi {{ visitor.name | raw }}', variables)).toBe('Hi &lt;img src=x onerror=alert(1)&gt;');
    expect(await renderCanned('{{ inbox.name | raw | upcase }}', variables)).toBe(
      'HELP &amp; &lt;B&gt;SUPPORT&lt;/B&gt;',
    );
  });

  it("should render the agent's own text and variables", async () => {
    expect(await renderCanned('Thanks, {{agent.name}} from {{ conversation.id }}', variables)).toBe(
      'Thanks, Ana from c1',
    );
  });
});
