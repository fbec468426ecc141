import { Field, InputType, Int } from 'type-graphql';
import { IsIn, IsOptional, ValidateIf } from 'class-validator';
import { JSON as JSONScalar } from '../../../platform/graphql/scalars.js';
import { rule, Satisfies } from '../../../platform/validation/input-rules.js';

const isName = (v: unknown) => typeof v === 'string' && v.trim() !== '' && v.length <= 200;
const NAME = ['name', isName, '1 to 200 characters', 'name is required'] as const;
const CRITERIA = 'A CQL filter object, compiled when it is stored';

/** POST /crm/lists. A dynamic list needs `filterCriteria`; a static one has none (checked with the CQL compiler). */
@InputType()
export class CrmListInput {
  @Field(() => String, { nullable: true, description: 'Required: 1 to 200 characters' })
  @Satisfies(...NAME)
  name?: string;

  @Field(() => String, { nullable: true, description: 'CONTACT (the default)' })
  @IsOptional()
  @IsIn(['CONTACT'], rule(['CONTACT'], 'entityType must be CONTACT'))
  entityType?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Default false' })
  isDynamic?: boolean | null;

  @Field(() => JSONScalar, { nullable: true, description: CRITERIA })
  filterCriteria?: unknown;
}

/** PATCH /crm/lists/{id}: the name, and a dynamic list's filter. */
@InputType()
export class UpdateCrmListInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: UpdateCrmListInput) => o.name !== undefined)
  @Satisfies(...NAME)
  name?: string | null;

  @Field(() => JSONScalar, { nullable: true, description: CRITERIA })
  filterCriteria?: unknown;
}

/** POST and DELETE /crm/lists/{id}/members (static lists; 1 to 1000 ids, counted by the service after the list's kind). */
@InputType()
export class CrmListMembersInput {
  @Field(() => [Int], { nullable: true, description: 'Contact ids' })
  entityIds?: number[] | null;
}
