import { Field, ID, InputType } from 'type-graphql';
import { IsIn, IsOptional, Matches, MaxLength, ValidateIf } from 'class-validator';
import { JSON as JSONScalar } from '../../../platform/graphql/scalars.js';
import { rule, Satisfies } from '../../../platform/validation/input-rules.js';
import { LIFECYCLE_STAGES } from '../entities/contact.entity.js';
import { isEmailAddress } from '../../../platform/validation/email-address.js';

const TEXT = rule('a string of at most 500 characters', 'at most 500 characters');
export const PHONE_PATTERN = /^\+?[0-9 ().-]{3,30}$/;
const STATUSES = ['ACTIVE', 'ARCHIVED'];

/**
 * The contact body (POST, PUT and PATCH). Left-out keys stay unchanged on PATCH; null clears.
 * `properties` holds the organization's custom properties, whose types are defined at run time (checked by
 * properties/property-values.validate.ts).
 */
@InputType()
export class CrmContactInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Satisfies(
    'email',
    (v) => typeof v === 'string' && isEmailAddress(v.trim()),
    'an email address',
    'email must be a valid email address',
  )
  email?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, TEXT)
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, TEXT)
  givenName?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, TEXT)
  familyName?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(PHONE_PATTERN, rule('a phone number', 'phone must be a phone number'))
  phone?: string | null;

  @Field(() => String, { nullable: true, description: LIFECYCLE_STAGES.join(', ') })
  @IsOptional()
  @IsIn([...LIFECYCLE_STAGES], rule([...LIFECYCLE_STAGES], 'lifecycleStage must be one of the lifecycle stages'))
  lifecycleStage?: string | null;

  @Field(() => String, { nullable: true, description: 'ACTIVE or ARCHIVED; DELETE deletes' })
  @ValidateIf((o: CrmContactInput) => o.status !== undefined)
  @IsIn(STATUSES, rule(STATUSES, 'status may be set to ACTIVE or ARCHIVED; DELETE deletes'))
  status?: string | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description: 'Custom property values keyed by property key; null removes one',
  })
  properties?: unknown;
}

/** POST /crm/contacts/{winnerId}/merge. */
@InputType()
export class CrmMergeContactsInput {
  @Field(() => ID, {
    nullable: true,
    description: 'Numeric id, ctc_ external id or email of the contact merged into the winner',
  })
  @Satisfies(
    'loserId',
    (v) => typeof v === 'string' && v !== '',
    'numeric id, ctc_ external id or email',
    'loserId is required',
  )
  loserId?: string;
}

/** POST /crm/contacts/{id}/companies. */
@InputType()
export class CrmContactCompanyInput {
  @Field(() => ID, { nullable: true, description: 'Numeric id or cmp_ external id' })
  @Satisfies(
    'companyId',
    (v) => typeof v === 'string' && v !== '',
    'numeric id or cmp_ external id',
    'companyId is required',
  )
  companyId?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200, rule('a string of at most 200 characters', 'role holds at most 200 characters'))
  role?: string | null;

  @Field(() => Boolean, { nullable: true, description: "The contact's primary company (the others lose the mark)" })
  isPrimary?: boolean | null;
}
