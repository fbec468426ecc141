import { Field, InputType, Int } from 'type-graphql';
import { IsIn, IsOptional, MaxLength } from 'class-validator';
import { JSON as JSONScalar } from '../../../platform/graphql/scalars.js';
import { rule } from '../../../platform/validation/input-rules.js';

const ENTITIES = ['contact', 'company'];
const FILTER = 'A CQL filter tree {logic, conditions[]}; parsed and compiled by the CQL compiler';

/** POST /crm/query: `where` (CQL text) or `filter` (tree), `sort` "field:direction[, …]", page, limit. */
@InputType()
export class CrmQueryInput {
  @Field(() => String, { nullable: true, description: 'contact (the default) or company' })
  @IsOptional()
  @IsIn(ENTITIES, rule(ENTITIES, 'entity must be contact or company'))
  entity?: string | null;

  @Field(() => String, { nullable: true, description: 'CQL text, e.g. `lifecycleStage = CUSTOMER AND score > 10`' })
  where?: string | null;

  @Field(() => JSONScalar, { nullable: true, description: FILTER })
  filter?: unknown;

  @Field(() => String, { nullable: true, description: 'field:asc or field:desc, comma-separated' })
  @IsOptional()
  @MaxLength(500, rule('field:direction', 'sort holds at most 500 characters'))
  sort?: string | null;

  @Field(() => Int, { nullable: true })
  page?: number | null;

  @Field(() => Int, { nullable: true })
  limit?: number | null;
}

/** POST /crm/contacts/filter and /crm/companies/filter. */
@InputType()
export class CrmFilterInput {
  @Field(() => JSONScalar, { nullable: true, description: FILTER })
  filter?: unknown;

  @Field(() => Int, { nullable: true })
  page?: number | null;

  @Field(() => Int, { nullable: true })
  limit?: number | null;

  @Field(() => String, { nullable: true, description: 'A field name' })
  sortBy?: string | null;

  @Field(() => String, { nullable: true, description: 'asc or desc (default desc)' })
  @IsOptional()
  @IsIn(['asc', 'desc'], rule(['asc', 'desc'], 'sortOrder must be asc or desc'))
  sortOrder?: string | null;
}
