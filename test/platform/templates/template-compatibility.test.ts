import {
  renderTemplate,
  templateVariables as emailVariables,
} from '../../../subgraphs/email/sending/template-render.js';
import {
  renderSmsTemplate,
  templateVariables as smsVariables,
} from '../../../subgraphs/sms/sending/template-render.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import {
  LegacySmsObjectValue,
  legacyEmailRender,
  legacyEmailVariables,
  legacySmsRender,
  legacySmsVariables,
} from './legacy-renderers.js';

// Templates in the syntax email and SMS documented before they were Liquid, with what they rendered then: each row
// runs against the old renderer (the expected output is really what it gave) and the Liquid one (it still gives it).
const model = {
  name: `<b>Tom & "Jerry"</b> it's`,
  count: 3,
  price: 9.5,
  active: false,
  user: { name: 'Ann', address: { city: 'Oslo' } },
  items: [{ name: 'First', title: 'One' }, { name: 'Second' }],
  nothing: null,
  nested: { deep: { list: [1, 2] } },
  city: 'Zürich 😀',
  braces: '{{ name }}',
  tag: '{% if x %}',
};

const email: [string, string, 'html' | 'text', string][] = [
  [
    'escaped in html',
    '<p>Hi {{ name }}</p>',
    'html',
    '<p>Hi &lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt; it&#39;s</p>',
  ],
  ['raw in html', '<p>{{{ name }}}</p>', 'html', `<p><b>Tom & "Jerry"</b> it's</p>`],
  ['raw without spaces', '{{{name}}}|{{{ user.name }}}', 'html', `<b>Tom & "Jerry"</b> it's|Ann`],
  ['never escaped in text', 'Hi {{name}} / {{{name}}}', 'text', `Hi ${model.name} / ${model.name}`],
  ['dotted paths', '{{ user.name }} from {{user.address.city}}', 'html', 'Ann from Oslo'],
  ['array index', '{{ items.0.name }}, {{ items.1.name }}, [{{ items.2.name }}]', 'text', 'First, Second, []'],
  ['numbers and booleans', '{{ count }} {{ price }} {{ active }}', 'html', '3 9.5 false'],
  ['missing and null', '[{{ missing }}][{{ user.missing.deep }}][{{ nothing }}][{{ nothing.x }}]', 'html', '[][][][]'],
  [
    'objects and arrays print empty',
    '[{{ user }}][{{ items }}][{{ nested.deep.list }}][{{{ user }}}]',
    'html',
    '[][][][]',
  ],
  ['unicode', 'Grüße aus {{ city }} — ✓', 'html', 'Grüße aus Zürich 😀 — ✓'],
  ['a value holding tags is not expanded again', '{{ braces }} {{{ tag }}}', 'html', '{{ name }} {% if x %}'],
  ['a value holding tags, text', '{{ braces }} {{ tag }}', 'text', '{{ name }} {% if x %}'],
  ['whitespace inside tags', '{{name}}|{{   user.name   }}', 'text', `${model.name}|Ann`],
  ['no tags at all', '<p>Plain &amp; simple</p>', 'html', '<p>Plain &amp; simple</p>'],
  ['single braces stay', 'a { b } {c}', 'text', 'a { b } {c}'],
];

const sms: [string, string, string][] = [
  [
    'strings, numbers, booleans, dotted',
    'Hi {{name}}, {{ count }} ({{active}}) in {{user.address.city}}',
    `Hi ${model.name}, 3 (false) in Oslo`,
  ],
  ['no HTML escaping', '{{ name }}', model.name],
  ['missing and null', '[{{missing}}][{{nothing}}][{{user.missing.deep}}][{{count.x}}]', '[][][][]'],
  ['backslash braces are literal', 'Use \\{{name}} to get {{name}}', `Use {{name}} to get ${model.name}`],
  ['backslash braces twice', '\\{{a}} and \\{{ b }}', '{{a}} and {{ b }}'],
  ['a value holding tags is not expanded again', '{{braces}} {{tag}}', '{{ name }} {% if x %}'],
  ['unicode', 'Grüße aus {{city}}', 'Grüße aus Zürich 😀'],
  ['no tags at all', 'Reply STOP to opt out.', 'Reply STOP to opt out.'],
];

describe('templates in the old syntax render the same under Liquid', () => {
  describe('email', () => {
    it.each(email)('%s', (_case, source, mode, expected) => {
      expect(legacyEmailRender(source, model, mode)).toBe(expected);
      expect(renderTemplate(source, model, mode)).toBe(expected);
    });

    it('lists the same variables', () => {
      const source = '{{ user.name }} {{{ link }}} {{user.name}} {{ count }} {{ items.0.title }}';
      expect(emailVariables(source)).toEqual(legacyEmailVariables(source));
      expect(emailVariables(source)).toEqual(['user.name', 'link', 'count', 'items.0.title']);
    });

    it('keeps prototype paths unreachable, even when the model has them as own properties', () => {
      const hostile = JSON.parse(
        '{"__proto__": {"polluted": "yes"}, "constructor": {"name": "own"}, "a": {"prototype": "p"}}',
      ) as Record<string, unknown>;
      const source =
        '[{{ __proto__ }}][{{ __proto__.polluted }}][{{ constructor.name }}][{{ a.constructor.name }}][{{ toString }}][{{ a.prototype }}]';
      expect(legacyEmailRender(source, hostile, 'text')).toBe('[][][][][][]');
      expect(renderTemplate(source, hostile, 'text')).toBe('[][][][][][]');
    });
  });

  describe('SMS', () => {
    it.each(sms)('%s', (_case, body, expected) => {
      expect(legacySmsRender(body, model)).toBe(expected);
      expect(renderSmsTemplate(body, model)).toBe(expected);
    });

    it('lists the same variables', () => {
      const body = '{{a}} {{ b.c }} {{a}} \\{{d}}';
      expect(smsVariables(body)).toEqual(legacySmsVariables(body));
    });

    it('refuses an object or array value naming templateModel.<path>', () => {
      for (const [body, field, received] of [
        ['{{ user }}', 'templateModel.user', 'object'],
        ['x {{nested.deep.list}}', 'templateModel.nested.deep.list', 'array'],
      ]) {
        expect(() => legacySmsRender(body, model)).toThrow(new LegacySmsObjectValue(field));
        expect(() => renderSmsTemplate(body, model)).toThrow(DomainError);
        try {
          renderSmsTemplate(body, model);
        } catch (error) {
          expect((error as DomainError).details).toEqual({ field, received, expected: 'string, number or boolean' });
        }
      }
    });
  });
});
