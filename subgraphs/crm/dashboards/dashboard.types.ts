import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType()
export class LifecycleStageCount {
  @Field(() => String, { nullable: true, description: 'null: contacts without a stage' })
  lifecycleStage!: string | null;

  @Field(() => Int)
  count!: number;
}

@ObjectType()
export class DailyContactCount {
  @Field({ description: 'UTC day, YYYY-MM-DD' })
  date!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType()
export class ListSize {
  @Field(() => Int)
  listId!: number;

  @Field()
  name!: string;

  @Field()
  isDynamic!: boolean;

  @Field(() => Int)
  memberCount!: number;

  @Field(() => Date, { nullable: true })
  lastEvaluatedAt!: Date | null;
}
