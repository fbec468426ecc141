import { describe, expect, it } from 'vitest';
import { renderVariables } from './render-variables';

describe('renderVariables', () => {
  it('gives the variables with a value, by name, so the same values ask the same preview', () => {
    expect(renderVariables({ 'plan.tier': 'Growth', name: 'Ada', footer: '' })).toEqual([
      { name: 'name', value: 'Ada' },
      { name: 'plan.tier', value: 'Growth' },
    ]);
    expect(renderVariables({})).toEqual([]);
  });

  it('keeps spaces a value holds', () => {
    expect(renderVariables({ name: ' ' })).toEqual([{ name: 'name', value: ' ' }]);
  });
});
