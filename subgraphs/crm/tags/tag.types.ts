import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType()
export class TagView {
  @Field(() => Int)
  id!: number;

  @Field()
  key!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  color!: string | null;

  @Field()
  createdAt!: Date;
}
