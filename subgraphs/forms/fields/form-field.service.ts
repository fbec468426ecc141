import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors/domain-error.js';
import { FormField } from '../entities/form-field.entity.js';
import { validationError } from '../shared/validation-error.js';
import { fieldsOf, findForm } from '../forms/form-lookup.js';
import { assertTransition } from '../forms/form-state.js';
import { addFields } from '../forms/form.service.js';
import { fieldView, type FormFieldView } from './form-field.types.js';
import { fieldDraft } from './field-draft.js';
import type { FormFieldInput, ReorderFormFieldsInput, UpdateFormFieldInput } from './form-field.input.js';

/** Fields of a form: add, change, remove, reorder. An ARCHIVED form is read-only. */
export class FormFieldService {
  async add(em: EntityManager, formId: string, input: FormFieldInput): Promise<FormFieldView> {
    const form = await findForm(em, formId);
    assertTransition('edit', form.status);
    const draft = fieldDraft(input, '');
    const existing = await fieldsOf(em, form.id);
    if (draft.ref && existing.some((f) => f.ref === draft.ref)) throw refTaken(draft.ref);
    const nextOrder = existing.reduce((max, f) => Math.max(max, f.order + 1), 0);
    const [field] = addFields(em, form.id, [draft], new Set(existing.map((f) => f.ref)), nextOrder);
    await em.flush();
    return fieldView(field!);
  }

  /** PUT: only the given keys change; settings are re-checked against the (possibly new) type. */
  async update(
    em: EntityManager,
    formId: string,
    fieldId: string,
    input: UpdateFormFieldInput,
  ): Promise<FormFieldView> {
    const form = await findForm(em, formId);
    assertTransition('edit', form.status);
    const field = await this.find(em, form.id, fieldId);
    const current = {
      type: field.type,
      label: field.label,
      placeholder: field.placeholder,
      required: field.required,
      order: field.order,
      ref: field.ref,
      settings: field.settings,
    };
    const draft = fieldDraft(input, '', current);
    if (draft.ref !== field.ref && (await em.count(FormField, { formId: form.id, ref: draft.ref! })) > 0)
      throw refTaken(draft.ref!);
    em.assign(field, { ...draft, ref: draft.ref ?? field.ref, order: draft.order ?? field.order });
    await em.flush();
    return fieldView(field);
  }

  async remove(em: EntityManager, formId: string, fieldId: string): Promise<boolean> {
    const form = await findForm(em, formId);
    assertTransition('edit', form.status);
    const field = await this.find(em, form.id, fieldId);
    await em.remove(field).flush();
    return true;
  }

  /** `fieldOrder` must name every field of the form exactly once; the fields are numbered 0..n-1 in that order. */
  async reorder(em: EntityManager, formId: string, input: ReorderFormFieldsInput): Promise<FormFieldView[]> {
    const form = await findForm(em, formId);
    assertTransition('edit', form.status);
    const order = input.fieldOrder;
    const fields = await fieldsOf(em, form.id);
    const ids = fields.map((f) => f.id);
    const isPermutation =
      Array.isArray(order) &&
      order.length === ids.length &&
      order.every((id) => Number.isInteger(id)) &&
      new Set(order).size === ids.length &&
      ids.every((id) => order.includes(id));
    if (!isPermutation)
      throw validationError(
        'fieldOrder',
        order ?? null,
        ids,
        'fieldOrder must list every field id of the form exactly once',
      );
    const byId = new Map(fields.map((f) => [f.id, f]));
    (order as number[]).forEach((id, position) => (byId.get(id)!.order = position));
    await em.flush();
    return (order as number[]).map((id) => fieldView(byId.get(id)!));
  }

  private async find(em: EntityManager, formId: number, fieldId: string): Promise<FormField> {
    const field = /^\d{1,9}$/.test(fieldId) ? await em.findOne(FormField, { id: Number(fieldId), formId }) : null;
    if (!field) throw notFound('Field');
    return field;
  }
}

const refTaken = (ref: string) =>
  validationError(
    'ref',
    ref,
    'a ref no other field of this form uses',
    `Another field of this form already uses the ref "${ref}"`,
  );
