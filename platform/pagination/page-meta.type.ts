import { Directive, Field, Int, ObjectType } from 'type-graphql';

/**
 * The list meta of `page`/`limit` lists (forms, CRM, support): `{page, limit, total, totalPages}`, as
 * `numberedPageMeta` builds it. Shareable: one GraphQL type for every module that pages this way.
 */
@Directive('@shareable')
@ObjectType()
export class PageMeta {
  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  totalPages!: number;
}
