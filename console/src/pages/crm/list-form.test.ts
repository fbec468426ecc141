import { describe, expect, it } from 'vitest';
import { EMPTY_LIST_FORM, criteriaText, listFormErrors, listInput, refusedListField } from './list-form';

describe('the new-list form', () => {
  it('asks for a name, and a query for a dynamic list only', () => {
    expect(listFormErrors(EMPTY_LIST_FORM)).toEqual({ name: 'A list needs a name' });
    expect(listFormErrors({ ...EMPTY_LIST_FORM, name: '  ' })).toEqual({ name: 'A list needs a name' });
    expect(listFormErrors({ ...EMPTY_LIST_FORM, name: 'x'.repeat(201) })).toEqual({ name: 'At most 200 characters' });
    expect(listFormErrors({ ...EMPTY_LIST_FORM, name: 'VIPs', kind: 'dynamic', where: ' ' })).toEqual({
      where: 'A dynamic list needs a CQL query',
    });
    expect(listFormErrors({ ...EMPTY_LIST_FORM, name: 'VIPs', where: '' })).toEqual({});
    expect(listFormErrors({ ...EMPTY_LIST_FORM, name: 'VIPs', kind: 'dynamic', where: 'a = 1' })).toEqual({});
  });

  it('sends a dynamic list its trimmed CQL text and a static one no filter', () => {
    expect(listInput({ ...EMPTY_LIST_FORM, name: ' VIPs ', kind: 'dynamic', where: ' status = "ACTIVE" ' })).toEqual({
      name: 'VIPs',
      entityType: 'CONTACT',
      isDynamic: true,
      filterCriteria: 'status = "ACTIVE"',
    });
    // A query typed before switching to static is not sent: the platform refuses a filter on a static list.
    expect(listInput({ ...EMPTY_LIST_FORM, name: 'Manual', where: 'a = 1' })).toEqual({
      name: 'Manual',
      entityType: 'CONTACT',
      isDynamic: false,
    });
  });

  it('puts the platform’s refusal on the field it names', () => {
    expect(refusedListField('name')).toBe('name');
    expect(refusedListField('input.name')).toBe('name');
    expect(refusedListField('where')).toBe('where');
    expect(refusedListField('filterCriteria')).toBe('where');
    expect(refusedListField('entityType')).toBeNull();
    expect(refusedListField(undefined)).toBeNull();
  });

  it('shows a stored filter as CQL text or as JSON', () => {
    expect(criteriaText('email ends_with "@acme.test"')).toBe('email ends_with "@acme.test"');
    expect(criteriaText({ logic: 'AND', conditions: [] })).toBe('{"logic":"AND","conditions":[]}');
    expect(criteriaText(null)).toBe('');
  });
});
