import { Field, Float, InputType, Int, registerEnumType } from 'type-graphql';
import { IsOptional, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { JSON as JSONScalar } from '../../../platform/graphql/scalars.js';
import { FIELD_TYPES, type FieldType } from '../entities/form-status.js';
import { rule, Satisfies } from '../../../platform/validation/input-rules.js';

/** The 15 field types as a GraphQL enum: an unknown type is refused by GraphQL, naming the value. */
export const FormFieldTypeEnum = Object.fromEntries(FIELD_TYPES.map((t) => [t, t])) as { [K in FieldType]: K };
registerEnumType(FormFieldTypeEnum, { name: 'FormFieldType', description: 'Field types' });

const REF = /^[A-Za-z0-9_-]{1,64}$/;
const isLabel = (v: unknown) => typeof v === 'string' && v.trim() !== '' && v.length <= 500;
const LABEL = ['label', isLabel, 'string of 1 to 500 characters', 'label is required'] as const;

/** After this question: when the condition holds for its answer, go on at a later question (or the end). */
@InputType()
export class FormFieldJumpInput {
  @Field(() => String, {
    nullable: true,
    description:
      'Required: equals, notEquals, includes (choices), greaterThan, lessThan (numbers), answered, unanswered',
  })
  when?: string;

  @Field(() => String, { nullable: true, description: 'Required: the ref of a later field, or "end"' })
  to?: string;

  @Field(() => String, { nullable: true, description: 'Compared with text and choice answers' })
  value?: string | null;

  @Field(() => Float, { nullable: true, description: 'Compared with NUMBER, RATING, NPS and SLIDER answers' })
  valueNumber?: number | null;
}

/**
 * Settings by type: minLength/maxLength (text), min/max (NUMBER, SLIDER), max (RATING), options (choices),
 * maxFileSize/allowedTypes (FILE).
 * Which keys apply to which type, and min ≤ max, are checked with the type (fields/field-rules.ts).
 */
@InputType()
export class FormFieldSettingsInput {
  @Field(() => Int, { nullable: true })
  minLength?: number | null;

  @Field(() => Int, { nullable: true })
  maxLength?: number | null;

  @Field(() => Float, { nullable: true })
  min?: number | null;

  @Field(() => Float, { nullable: true })
  max?: number | null;

  @Field(() => [String], { nullable: true })
  options?: string[] | null;

  @Field(() => Int, { nullable: true, description: 'FILE: the largest file in bytes, at most 10 MB (the default)' })
  maxFileSize?: number | null;

  @Field(() => [String], {
    nullable: true,
    description:
      'FILE: content types taken (image/png, application/pdf, ...) or families (image/*); default every recognised type',
  })
  allowedTypes?: string[] | null;

  @Field(() => [FormFieldJumpInput], {
    nullable: true,
    description: 'Logic jumps after this question, tried in order (docs/forms.md, "Logic jumps")',
  })
  jumps?: FormFieldJumpInput[] | null;
}

/** Keys a field body may hold, shared by the create and update inputs (not emitted on its own). */
@InputType()
abstract class FormFieldKeys {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, rule('string of at most 500 characters', 'placeholder is too long'))
  placeholder?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Default false' })
  required?: boolean | null;

  @Field(() => Int, { nullable: true, description: '0..10000; appended when left out' })
  @IsOptional()
  @Min(0, rule('0..10000', 'order must be a whole number'))
  @Max(10_000, rule('0..10000', 'order must be a whole number'))
  order?: number | null;

  @Field(() => String, { nullable: true, description: 'Key of the answers; made from the label when left out' })
  @IsOptional()
  @Matches(REF, rule('1 to 64 letters, digits, _ or -', 'ref has invalid characters or length'))
  ref?: string | null;

  @Field(() => FormFieldSettingsInput, { nullable: true })
  settings?: FormFieldSettingsInput | null;
}

/** POST /forms/{id}/fields, and each of POST /forms `fields`. */
@InputType()
export class FormFieldInput extends FormFieldKeys {
  @Field(() => FormFieldTypeEnum, { nullable: true, description: 'Required' })
  @Satisfies('fieldType', (v) => typeof v === 'string', [...FIELD_TYPES], 'type must be one of the field types')
  type?: FieldType;

  @Field(() => String, { nullable: true, description: 'Required: 1 to 500 characters' })
  @Satisfies(...LABEL)
  label?: string;
}

/** PUT /forms/{id}/fields/{fieldId}: only the keys given change; settings are checked again against the type. */
@InputType()
export class UpdateFormFieldInput extends FormFieldKeys {
  @Field(() => FormFieldTypeEnum, { nullable: true })
  @ValidateIf((o: UpdateFormFieldInput) => o.type !== undefined)
  @Satisfies('fieldType', (v) => typeof v === 'string', [...FIELD_TYPES], 'type must be one of the field types')
  type?: FieldType | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: UpdateFormFieldInput) => o.label !== undefined)
  @Satisfies(...LABEL)
  label?: string | null;
}

/** POST /forms/{id}/fields/reorder. `fieldOrder` is JSON so that anything but the form's ids answers with those ids as `expected`. */
@InputType()
export class ReorderFormFieldsInput {
  @Field(() => JSONScalar, { nullable: true, description: 'Every field id of the form once, in the new order' })
  fieldOrder?: unknown;
}
