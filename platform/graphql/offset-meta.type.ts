import { Directive, Field, Int, ObjectType } from 'type-graphql';

/** The platform list meta. Shared by every module's list types. */
@Directive('@shareable')
@ObjectType()
export class OffsetMeta {
  @Field(() => Int, { description: 'Items in this response' })
  count!: number;

  @Field(() => Int)
  offset!: number;

  @Field(() => Int)
  total!: number;

  @Field()
  hasMore!: boolean;
}
