import {
  checkTemplate,
  renderTemplate,
  templateVariables,
} from '../../../../subgraphs/email/sending/template-render.js';
import { TemplateError } from '../../../../platform/templates/template-error.js';

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
    expect(renderTemplate('<p>Hi {{ name }}</p>', model, 'html')).toBe(
      '<p>Hi &lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt; it&#39;s</p>',
    );
  });

  it('inserts {{{ var }}} raw in html mode', () => {
    expect(renderTemplate('<p>{{{ name }}}</p>', model, 'html')).toBe(`<p><b>Tom & "Jerry"</b> it's</p>`);
  });

  it('never escapes in text mode', () => {
    expect(renderTemplate('Hi {{name}} / {{{name}}}', model, 'text')).toBe(`Hi ${model.name} / ${model.name}`);
  });

  it('resolves dotted paths, numbers and booleans', () => {
    expect(
      renderTemplate(
        '{{ user.name }} from {{user.address.city}}: {{ count }} {{ active }} {{ items.0.title }}',
        model,
        'html',
      ),
    ).toBe('Ann from Oslo: 3 false First');
  });

  it('renders missing, null and non-scalar values as empty', () => {
    expect(
      renderTemplate(
        '[{{ missing }}][{{ user.missing.deep }}][{{ nothing }}][{{ user }}][{{ nested.deep.list }}]',
        model,
        'html',
      ),
    ).toBe('[][][][][]');
  });

  it('reads sizes as Liquid does', () => {
    expect(
      renderTemplate(
        '{{ name.size }} {{ items.size }} {{ nested.deep.list.first }}',
        { ...model, name: 'abc' },
        'text',
      ),
    ).toBe('3 1 1');
  });

  it('refuses prototype paths, even when the model has them as own properties', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"name": "own"}, "a": {}}') as Record<
      string,
      unknown
    >;
    const source =
      '[{{ __proto__ }}][{{ __proto__.polluted }}][{{ constructor.name }}][{{ a.constructor.name }}][{{ toString }}][{{ a.__proto__.toString }}][{{ user.prototype }}]';
    expect(renderTemplate(source, hostile, 'text')).toBe('[][][][][][][]');
    expect(renderTemplate(source, model, 'text')).toBe('[][][][][][][]');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('throws TemplateError naming the field and position for what Liquid cannot parse', () => {
    for (const source of ['{{#each items}}x{{/each}}', 'a {{{ name }}', 'x\n{{}}', 'Hi {% if name %}', '{% nope %}']) {
      expect(() => renderTemplate(source, model, 'text', 'htmlBody')).toThrow(TemplateError);
    }
    try {
      checkTemplate('Hello\n  {% if name %}', 'htmlBody');
    } catch (error) {
      expect(error).toMatchObject({ field: 'htmlBody', position: { line: 2, column: 3 } });
    }
    expect.assertions(6);
  });

  it('applies filters and tags, escaping their output in html mode only', () => {
    const source =
      '{{ user.name | upcase }}{% if active %} active{% else %} idle{% endif %}:{% for item in items %} {{ item.title | default: "?" }}{% endfor %} {{ name | truncate: 6 }}';
    expect(renderTemplate(source, model, 'html')).toBe('ANN idle: First &lt;b&gt;...');
    expect(renderTemplate(source, model, 'text')).toBe('ANN idle: First <b>...');
  });

  it('stops a template that spins or allocates past the limits', () => {
    expect(() =>
      renderTemplate(
        '{% for i in (1..100000000) %}{% for j in (1..100000000) %}x{% endfor %}{% endfor %}',
        model,
        'text',
        'textBody',
      ),
    ).toThrow(TemplateError);
    expect(() =>
      renderTemplate(
        '{% assign a = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign a = a | append: a %}{% endfor %}{{ a }}',
        model,
        'text',
      ),
    ).toThrow(TemplateError);
  });

  it('reads no files', () => {
    for (const source of ["{% include '/etc/passwd' %}", "{% render '../../package.json' %}", "{% layout 'x' %}"]) {
      expect(() => renderTemplate(source, model, 'text')).toThrow(TemplateError);
    }
  });

  it('stays fast on adversarial input', () => {
    const evil = '{{' + ' '.repeat(50_000) + '{{{' + 'a.'.repeat(50_000);
    const started = Date.now();
    expect(() => renderTemplate(evil.repeat(4), model, 'html')).toThrow(TemplateError); // over the 100 kB parse limit
    expect(templateVariables(evil.repeat(4))).toEqual([]);
    expect(() => renderTemplate(evil.slice(0, 90_000), model, 'html')).toThrow(TemplateError);
    expect(Date.now() - started).toBeLessThan(5_000); // catastrophic backtracking would take minutes
  });
});

describe('templateVariables', () => {
  it('lists each variable once, in order of first use', () => {
    expect(templateVariables('{{ user.name }} {{{ link }}} {{user.name}} {{ count | plus: extra }}')).toEqual([
      'user.name',
      'link',
      'count',
      'extra',
    ]);
  });

  it("lists the model variables of tags, not a loop's own", () => {
    expect(templateVariables('{% if vip %}{% for item in items %}{{ item.name }}{% endfor %}{% endif %}')).toEqual([
      'vip',
      'items',
    ]);
  });

  it('lists nothing for a template that does not parse', () => {
    expect(templateVariables('{{ a }} {{#section}}')).toEqual([]);
  });

  it('returns nothing for a template without variables', () => {
    expect(templateVariables('<p>Plain</p>')).toEqual([]);
  });
});
