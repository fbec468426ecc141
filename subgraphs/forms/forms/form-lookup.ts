import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors/domain-error.js';
import { Form } from '../entities/form.entity.js';
import { FormField } from '../entities/form-field.entity.js';
import { UUID } from '../shared/validation-error.js';

const MAX_INT = 2_147_483_647;

/** A form of the caller's organization by numeric id or uuid; anything else (or another organization's) is 404. */
export async function findForm(em: EntityManager, idOrUuid: string | number): Promise<Form> {
  const key = String(idOrUuid);
  let form: Form | null = null;
  if (/^\d{1,10}$/.test(key) && Number(key) <= MAX_INT) form = await em.findOne(Form, { id: Number(key) });
  else if (UUID.test(key)) form = await em.findOne(Form, { uuid: key.toLowerCase() });
  if (!form) throw notFound('Form');
  return form;
}

/** The form's fields in display order. */
export function fieldsOf(em: EntityManager, formId: number): Promise<FormField[]> {
  return em.find(FormField, { formId }, { orderBy: { order: 'asc', id: 'asc' } });
}
