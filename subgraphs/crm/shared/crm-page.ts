import { ArgsType, Field, Float, Int, ObjectType, type ClassType } from 'type-graphql';
import { invalid } from '../../../platform/errors/domain-error.js';
import { PageMeta } from '../../../platform/pagination/page-meta.type.js';
import { numberedPageMeta, resolveNumberedPage, type NumberedPage } from '../../../platform/pagination/page-number.js';

/** The meta of POST /crm/query: the list meta with the query's timing and cost. */
@ObjectType()
export class CrmQueryMeta extends PageMeta {
  @Field(() => Float, { nullable: true, description: 'POST /crm/query only: time spent in the database query, ms' })
  queryTimeMs?: number;

  @Field(() => Float, {
    nullable: true,
    description: "POST /crm/query only: PostgreSQL's plan estimate (EXPLAIN total cost)",
  })
  estimatedCost?: number;
}

@ArgsType()
export class CrmPageArgs {
  @Field(() => Int, { nullable: true, description: '1-based, default 1' })
  page?: number;

  @Field(() => Int, { nullable: true, description: 'Default 20, at most 100' })
  limit?: number;
}

export type CrmPage = NumberedPage;

/** Page size: default 20, at most 100; out of range is a 400, never clamped. */
export function resolvePage(args: { page?: unknown; limit?: unknown }, maxLimit = 100): CrmPage {
  return resolveNumberedPage(args, maxLimit, invalid);
}

export const pageMeta: (page: CrmPage, total: number) => PageMeta = numberedPageMeta;

/** `{data, meta}` of a CRM list. */
export function CrmPagedList<T extends object>(item: ClassType<T>) {
  @ObjectType()
  class CrmPagedListType {
    @Field(() => [item])
    data!: T[];

    @Field(() => PageMeta)
    meta!: PageMeta;
  }
  return CrmPagedListType;
}
