import { Directive, Field, ObjectType } from 'type-graphql';

/** The cursor variant of the platform list meta. */
@Directive('@shareable')
@ObjectType()
export class CursorMeta {
  @Field(() => String, { nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  cursor!: string | null;

  @Field()
  hasMore!: boolean;
}
