import { renderTemplate, templateVariables } from '../../../../subgraphs/email/sending/template-render.js';

describe('renderTemplate', () => {
  const model = {
    name: `<b>Tom & "Jerry"</b> it's`,
    count: 3,
    active: false,
    user: { name: 'Ann', address: { city: 'Oslo' } },
    items: [{ title: 'First' }],
    nothing: null,
    nested: { deep: { list: [1, 2] } },
  };

  it('HTML-escapes {{ var }} in html mode', () => {
    expect(renderTemplate('<p>Hi {{ name }}</p>', model, 'html')).toBe('<p>Hi &lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt; it&#39;s</p>');
  });

  it('inserts {{{ var }}} raw in html mode', () => {
    expect(renderTemplate('<p>{{{ name }}}</p>', model, 'html')).toBe(`<p><b>Tom & "Jerry"</b> it's</p>`);
  });

  it('never escapes in text mode', () => {
    expect(renderTemplate('Hi {{name}} / {{{name}}}', model, 'text')).toBe(`Hi ${model.name} / ${model.name}`);
  });

  it('resolves dotted paths, numbers and booleans', () => {
    expect(renderTemplate('{{ user.name }} from {{user.address.city}}: {{ count }} {{ active }} {{ items.0.title }}', model, 'html')).toBe(
      'Ann from Oslo: 3 false First',
    );
  });

  it('renders missing, null and non-scalar values as empty', () => {
    expect(renderTemplate('[{{ missing }}][{{ user.missing.deep }}][{{ nothing }}][{{ user }}][{{ nested.deep.list }}][{{ name.length }}]', model, 'html')).toBe(
      '[][][][][][]',
    );
  });

  it('refuses prototype paths, even when the model has them as own properties', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"name": "own"}, "a": {}}') as Record<string, unknown>;
    const source = '[{{ __proto__ }}][{{ __proto__.polluted }}][{{ constructor.name }}][{{ a.constructor.name }}][{{ toString }}][{{ a.__proto__.toString }}][{{ user.prototype }}]';
    expect(renderTemplate(source, hostile, 'text')).toBe('[][][][][][][]');
    expect(renderTemplate(source, model, 'text')).toBe('[][][][][][][]');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves tags that are not variable paths alone', () => {
    expect(renderTemplate('{{#each items}}x{{/each}} {{ a b }} {{{ name }} {{}}', model, 'text')).toBe('{{#each items}}x{{/each}} {{ a b }} {{{ name }} {{}}');
  });

  it('stays fast on adversarial input', () => {
    const evil = '{{' + ' '.repeat(50_000) + '{{{' + 'a.'.repeat(50_000);
    const started = Date.now();
    renderTemplate(evil.repeat(4), model, 'html');
    templateVariables(evil.repeat(4));
    expect(Date.now() - started).toBeLessThan(5_000); // catastrophic backtracking would take minutes
  });
});

describe('templateVariables', () => {
  it('lists each variable once, in order of first use', () => {
    expect(templateVariables('{{ user.name }} {{{ link }}} {{user.name}} {{ count }} {{#section}} {{ bad path }}')).toEqual(['user.name', 'link', 'count']);
  });

  it('returns nothing for a template without variables', () => {
    expect(templateVariables('<p>Plain</p>')).toEqual([]);
  });
});
