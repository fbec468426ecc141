import { Field, InputType } from 'type-graphql';
import { IsIn, IsOptional, MaxLength } from 'class-validator';
import { JSON as JSONScalar } from '../../../platform/graphql/scalars.js';
import { rule, Satisfies } from '../../../platform/validation/input-rules.js';
import { LOGGED_TYPES } from './activity.service.js';

const isSmallObject = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && JSON.stringify(v).length <= 65_535;

/** POST /crm/contacts/{id}/activities: accepted asynchronously (202) behind the contact's own writes. */
@InputType()
export class CrmActivityInput {
  @Field(() => String, { nullable: true, description: `Required: ${LOGGED_TYPES.join(', ')}` })
  @IsIn([...LOGGED_TYPES], rule([...LOGGED_TYPES], 'type must be one of the activity types'))
  type?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(65_535, rule('a string of at most 65535 characters', 'content holds at most 65535 characters'))
  content?: string | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description: 'Free-form details of the activity (at most 64 KiB of JSON)',
  })
  @IsOptional()
  @Satisfies(
    'smallObject',
    isSmallObject,
    'an object of at most 64 KiB of JSON',
    'properties must be an object of at most 64 KiB of JSON',
  )
  properties?: Record<string, unknown> | null;
}
