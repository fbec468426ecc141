import { ArgsType, Directive, Field, Float, Int, ObjectType, type ClassType } from 'type-graphql';
import { invalid } from '../../../platform/errors/domain-error.js';

/** CRM list meta (DESIGN.md §8): `{page, limit, total, totalPages}`; the CQL query adds its timing and cost. */
@Directive('@shareable')
@ObjectType()
export class CrmPageMeta {
  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  totalPages!: number;

  @Field(() => Float, { nullable: true, description: 'POST /crm/query only: time spent in the database query, ms' })
  queryTimeMs?: number;

  @Field(() => Float, { nullable: true, description: "POST /crm/query only: PostgreSQL's plan estimate (EXPLAIN total cost)" })
  estimatedCost?: number;
}

@ArgsType()
export class CrmPageArgs {
  @Field(() => Int, { nullable: true, description: '1-based, default 1' })
  page?: number;

  @Field(() => Int, { nullable: true, description: 'Default 20, at most 100' })
  limit?: number;
}

export interface CrmPage {
  page: number;
  limit: number;
  offset: number;
}

/** Document 3 part 8: default 20, at most 100; out of range is a 400, never clamped. */
export function resolvePage(args: { page?: unknown; limit?: unknown }, maxLimit = 100): CrmPage {
  const page = args.page ?? 1;
  const limit = args.limit ?? 20;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1 || page > 1_000_000) throw invalid('page', page, '1..1000000', 'page must be a positive integer');
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > maxLimit) throw invalid('limit', limit, `1..${maxLimit}`, `limit must be an integer from 1 to ${maxLimit}`);
  return { page, limit, offset: (page - 1) * limit };
}

export function pageMeta(page: CrmPage, total: number): CrmPageMeta {
  return { page: page.page, limit: page.limit, total, totalPages: Math.ceil(total / page.limit) };
}

/** `{data, meta}` of a CRM list. */
export function CrmPagedList<T extends object>(item: ClassType<T>) {
  @ObjectType()
  class CrmPagedListType {
    @Field(() => [item])
    data!: T[];

    @Field(() => CrmPageMeta)
    meta!: CrmPageMeta;
  }
  return CrmPagedListType;
}
