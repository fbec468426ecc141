import { Field, ID, InputType } from 'type-graphql';
import { IsOptional, Matches, MaxLength, ValidateIf } from 'class-validator';
import { rule, Satisfies } from '../../../platform/validation/input-rules.js';

const KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const COLOR = /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;
const isName = (v: unknown) => typeof v === 'string' && v.trim() !== '' && v.length <= 200;
const NAME = ['name', isName, 'a string of 1 to 200 characters', 'name is required'] as const;
const COLOR_RULE = rule('a hex color such as #ff8800', 'color must be a hex color');
const DESCRIPTION = rule('a string of at most 2000 characters', 'description holds at most 2000 characters');

/** POST /crm/tags: the key is fixed once created; the name defaults to the key. */
@InputType()
export class CrmTagInput {
  @Field(() => String, {
    nullable: true,
    description: 'Required: lowercase letters, digits, hyphens or underscores (at most 64)',
  })
  @Satisfies(
    'tagKey',
    (v) => typeof v === 'string' && KEY.test(v),
    'lowercase letters, digits, hyphens or underscores (at most 64)',
    'key is required',
  )
  key?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Satisfies(...NAME)
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000, DESCRIPTION)
  description?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(COLOR, COLOR_RULE)
  color?: string | null;
}

/** PATCH /crm/tags/{id}: name, color and description; the key cannot change. */
@InputType()
export class UpdateCrmTagInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: UpdateCrmTagInput) => o.name !== undefined)
  @Satisfies(...NAME)
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000, DESCRIPTION)
  description?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(COLOR, COLOR_RULE)
  color?: string | null;
}

/** POST /crm/contacts/{id}/tags. */
@InputType()
export class CrmTagContactInput {
  @Field(() => ID, { nullable: true, description: 'Required' })
  @Satisfies('tagId', (v) => typeof v === 'string' && v !== '', 'a tag id', 'tagId is required')
  tagId?: string;
}
