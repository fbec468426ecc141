import { Field, Int, ObjectType } from 'type-graphql';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import type { FormField } from '../entities/form-field.entity.js';

/** A field as management sees it. */
@ObjectType('FormField')
export class FormFieldView {
  @Field(() => Int)
  id!: number;

  @Field({ description: 'Public name of the field; answers are keyed by it' })
  ref!: string;

  @Field({ description: 'One of the 15 field types' })
  type!: string;

  @Field()
  label!: string;

  @Field(() => String, { nullable: true })
  placeholder!: string | null;

  @Field()
  required!: boolean;

  @Field(() => Int)
  order!: number;

  @Field(() => JSONObject, {
    description:
      'minLength, maxLength (text); min, max (NUMBER, SLIDER); max (RATING); options (choices); jumps (logic jumps, any type)',
  })
  settings!: Record<string, unknown>;
}

export function fieldView(field: FormField): FormFieldView {
  return {
    id: field.id,
    ref: field.ref,
    type: field.type,
    label: field.label,
    placeholder: field.placeholder,
    required: field.required,
    order: field.order,
    settings: field.settings,
  };
}
