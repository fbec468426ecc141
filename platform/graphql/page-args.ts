import { ArgsType, Field, Int } from 'type-graphql';

/** `count`/`offset` with the `limit`/`page` aliases; validated by resolvePage, not clamped. */
@ArgsType()
export class PageArgsInput {
  @Field(() => Int, { nullable: true })
  count?: number;

  @Field(() => Int, { nullable: true })
  offset?: number;

  @Field(() => Int, { nullable: true, description: 'Alias of count' })
  limit?: number;

  @Field(() => Int, { nullable: true, description: '1-based page, instead of offset' })
  page?: number;
}
