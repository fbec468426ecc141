import { describe, expect, it } from 'vitest';
import { templateVariables } from './template-variables';

describe('templateVariables', () => {
  it('should name each output tag’s variable once, in order of first use, across subject and bodies', () => {
    expect(
      templateVariables(
        'Welcome, {{ name }}',
        '<p>Hello {{name}}, your plan is {{ plan.tier | upcase }}</p>',
        null,
        '{{- code -}}',
      ),
    ).toEqual(['name', 'plan.tier', 'code']);
  });

  it('should leave out literals, logic tags and text without tags', () => {
    expect(templateVariables('{{ "quoted" }} {% if vip %}VIP{% endif %} plain', undefined)).toEqual([]);
  });
});
