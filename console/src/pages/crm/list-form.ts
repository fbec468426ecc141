/** What the new-list dialog edits: a static list (members added one by one) or a dynamic one (a CQL query). */
export interface ListForm {
  name: string;
  /** The record kind of the members; the CRM's lists hold contacts. */
  entityType: 'CONTACT';
  kind: 'static' | 'dynamic';
  /** The CQL `where` text of a dynamic list. */
  where: string;
}

export const EMPTY_LIST_FORM: ListForm = { name: '', entityType: 'CONTACT', kind: 'static', where: '' };

export type ListField = 'name' | 'where';

/** What can be told before any request: a name of 1 to 200 characters, a query for a dynamic list. */
export function listFormErrors(form: ListForm): Partial<Record<ListField, string>> {
  const errors: Partial<Record<ListField, string>> = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'A list needs a name';
  else if (name.length > 200) errors.name = 'At most 200 characters';
  if (form.kind === 'dynamic' && form.where.trim() === '') errors.where = 'A dynamic list needs a CQL query';
  return errors;
}

/** The createCrmList input: a dynamic list stores its query as CQL text, which the platform compiles on creation. */
export function listInput(form: ListForm) {
  const dynamic = form.kind === 'dynamic';
  return {
    name: form.name.trim(),
    entityType: form.entityType,
    isDynamic: dynamic,
    ...(dynamic ? { filterCriteria: form.where.trim() } : {}),
  };
}

/**
 * The dialog's field a refusal of the platform belongs to, from `details.field` (with or without `input.`): the name,
 * or the query (a CQL parse or type error names `where`; a missing filter names `filterCriteria`).
 */
export function refusedListField(field: unknown): ListField | null {
  if (typeof field !== 'string') return null;
  const name = field.replace(/^input\./, '');
  if (name === 'name') return 'name';
  return name === 'where' || name === 'filterCriteria' || name.startsWith('filterCriteria.') ? 'where' : null;
}

/** A dynamic list's stored filter as a person reads it: the CQL text, or the filter object's JSON. */
export function criteriaText(criteria: unknown): string {
  if (criteria === null || criteria === undefined) return '';
  return typeof criteria === 'string' ? criteria : JSON.stringify(criteria);
}
