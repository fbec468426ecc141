import {
  checkSmsTemplate,
  renderSmsTemplate,
  templateVariables,
} from '../../../../subgraphs/sms/sending/template-render.js';
import { TemplateError } from '../../../../platform/templates/template-error.js';
import { keywordOf } from '../../../../subgraphs/sms/inbound/opt-out-keywords.js';
import { DomainError } from '../../../../platform/errors/domain-error.js';

describe('SMS template substitution', () => {
  it('should insert strings, numbers and booleans, dotted paths too, with or without spaces', () => {
    expect(
      renderSmsTemplate('Hi {{name}}, code {{ code }} ({{ok}}) for {{user.city}}', {
        name: 'Ann',
        code: 123456,
        ok: true,
        user: { city: 'Oslo' },
      }),
    ).toBe('Hi Ann, code 123456 (true) for Oslo');
  });

  it('should insert values as plain text: no HTML escaping, no second expansion', () => {
    expect(renderSmsTemplate('{{a}} {{b}}', { a: '<b>&"\'</b>', b: '{{a}}' })).toBe('<b>&"\'</b> {{a}}');
  });

  it('should render missing and null variables empty', () => {
    expect(renderSmsTemplate('[{{missing}}][{{n}}][{{a.b.c}}]', { n: null, a: 1 })).toBe('[][][]');
  });

  it('should turn \\{{ into literal braces', () => {
    expect(renderSmsTemplate('Use \\{{name}} to get {{name}}', { name: 'x' })).toBe('Use {{name}} to get x');
  });

  it('should refuse an object or array value with INVALID_REQUEST naming the variable', () => {
    expect.assertions(2);
    try {
      renderSmsTemplate('{{x}}', { x: [1] });
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).details).toEqual({
        field: 'templateModel.x',
        received: 'array',
        expected: 'string, number or boolean',
      });
    }
  });

  it('should apply Liquid filters and conditions, never HTML-escaping', () => {
    const body =
      '{% if vip %}VIP {% endif %}{{ name | upcase }}: {{ code | default: "none" }}{% for s in stops %} {{ s }}{% endfor %}';
    expect(renderSmsTemplate(body, { vip: true, name: 'a&b', stops: ['<1>', 2] })).toBe('VIP A&B: none <1> 2');
  });

  it('should name the model as a whole for an object output that is not a model path', () => {
    expect.assertions(1);
    try {
      renderSmsTemplate('{% for u in users %}{{ u }}{% endfor %}', { users: [{ a: 1 }] });
    } catch (error) {
      expect((error as DomainError).details).toEqual({
        field: 'templateModel',
        received: 'object',
        expected: 'string, number or boolean',
      });
    }
  });

  it('should throw TemplateError for a body Liquid cannot parse', () => {
    expect(() => renderSmsTemplate('Hi {% if x %}')).toThrow(TemplateError);
    expect(() => checkSmsTemplate('{{ x }} {{#each y}}')).toThrow(TemplateError);
  });

  it('should list the variables of a template', () => {
    expect(templateVariables('{{a}} {{ b.c }} {{a}} \\{{d}}')).toEqual(['a', 'b.c']);
  });
});

describe('opt-out keywords', () => {
  it.each(['STOP', 'stop', ' Stop\n', 'unsubscribe', 'END', 'quit', 'StopAll', 'REVOKE', 'optout', 'Cancel'])(
    'should read %j as an opt-out',
    (body) => {
      expect(keywordOf(body).kind).toBe('opt-out');
    },
  );

  it.each(['STOP PLEASE', 'stop.', 'please stop', 'STOPP', ''])('should not read %j as a keyword', (body) => {
    expect(keywordOf(body).kind).toBeNull();
  });

  it('should read START and UNSTOP as opt-in', () => {
    expect(keywordOf('start')).toEqual({ kind: 'opt-in', keyword: 'START' });
    expect(keywordOf('UNSTOP').kind).toBe('opt-in');
  });
});
