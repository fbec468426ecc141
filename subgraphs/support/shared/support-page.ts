import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { PageMeta } from '../../../platform/pagination/page-meta.type.js';
import { numberedPageMeta, resolveNumberedPage, type NumberedPage } from '../../../platform/pagination/page-number.js';
import { DomainError } from '../../../platform/errors/domain-error.js';

/** `page` (1-based, default 1) and `limit` (default 20, max 100). */
@ArgsType()
export class SupportPageArgs {
  @Field(() => Int, { nullable: true, description: '1-based, default 1' })
  page?: number;

  @Field(() => Int, { nullable: true, description: 'Default 20, at most 100' })
  limit?: number;
}

export const validation = (field: string, received: unknown, expected: unknown, message: string) =>
  new DomainError('VALIDATION_ERROR', message, { field, received, expected });

/** Out-of-range values are a 400, never clamped. */
export function resolveSupportPage(args: { page?: number | null; limit?: number | null }): NumberedPage {
  return resolveNumberedPage({ page: args.page ?? undefined, limit: args.limit ?? undefined }, 100, validation);
}

export const supportPageMeta = numberedPageMeta;

/** `{data, meta}` of a support list. */
export function SupportPagedList<T extends object>(item: ClassType<T>) {
  @ObjectType()
  class SupportPagedListType {
    @Field(() => [item])
    data!: T[];

    @Field(() => PageMeta)
    meta!: PageMeta;
  }
  return SupportPagedListType;
}
