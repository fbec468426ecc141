import { Field, InputType } from 'type-graphql';
import { IsIn, IsOptional, MaxLength, ValidateIf } from 'class-validator';
import { rule, Satisfies } from '../../../platform/validation/input-rules.js';
import { PROPERTY_ENTITIES, PROPERTY_GROUPS, PROPERTY_TYPES } from '../entities/property-definition.entity.js';

const KEY = /^[a-z][a-z0-9_]{0,62}$/;
const isLabel = (v: unknown) => typeof v === 'string' && v.trim() !== '' && v.length <= 200;
const LABEL = ['label', isLabel, '1 to 200 characters', 'label is required'] as const;
const DESCRIPTION = rule('a string of at most 2000 characters', 'description holds at most 2000 characters');
const GROUP = rule([...PROPERTY_GROUPS], 'group must be one of the property groups');
const OPTIONS = 'SELECT and MULTI_SELECT: 1 to 500 distinct non-empty strings (checked with the type)';

/** POST /crm/properties. */
@InputType()
export class CrmPropertyInput {
  @Field(() => String, {
    nullable: true,
    description: 'Required: lowercase letters, digits and underscores, starting with a letter (at most 63)',
  })
  @Satisfies(
    'propertyKey',
    (v) => typeof v === 'string' && KEY.test(v),
    'lowercase letters, digits and underscores, starting with a letter (at most 63)',
    'key is required',
  )
  key?: string;

  @Field(() => String, { nullable: true, description: 'CONTACT (the default) or COMPANY' })
  @IsOptional()
  @IsIn([...PROPERTY_ENTITIES], rule([...PROPERTY_ENTITIES], 'entity must be CONTACT or COMPANY'))
  entity?: string | null;

  @Field(() => String, { nullable: true, description: 'Required' })
  @Satisfies(...LABEL)
  label?: string;

  @Field(() => String, { nullable: true, description: `Required: ${PROPERTY_TYPES.join(', ')}` })
  @IsIn([...PROPERTY_TYPES], rule([...PROPERTY_TYPES], 'type must be one of the property types'))
  type?: string;

  @Field(() => String, { nullable: true, description: 'Default CUSTOM' })
  @IsOptional()
  @IsIn([...PROPERTY_GROUPS], GROUP)
  group?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000, DESCRIPTION)
  description?: string | null;

  @Field(() => [String], { nullable: true, description: OPTIONS })
  options?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Default false' })
  isRequired?: boolean | null;
}

/** PATCH /crm/properties/{id}: key, entity and type are fixed. */
@InputType()
export class UpdateCrmPropertyInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: UpdateCrmPropertyInput) => o.label !== undefined)
  @Satisfies(...LABEL)
  label?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000, DESCRIPTION)
  description?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: UpdateCrmPropertyInput) => o.group !== undefined)
  @IsIn([...PROPERTY_GROUPS], GROUP)
  group?: string | null;

  @Field(() => [String], { nullable: true, description: OPTIONS })
  options?: string[] | null;

  @Field(() => Boolean, { nullable: true })
  isRequired?: boolean | null;
}
