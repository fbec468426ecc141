import { Field, InputType, ObjectType } from 'type-graphql';

@ObjectType()
export class AiRouteTarget {
  @Field()
  provider!: string;

  @Field()
  model!: string;
}

@ObjectType({ description: 'A bare model name of the organization and its targets, in fallback order' })
export class AiRoute {
  @Field()
  model!: string;

  @Field(() => [AiRouteTarget])
  targets!: AiRouteTarget[];

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType()
export class AiRouteList {
  @Field(() => [AiRoute])
  data!: AiRoute[];
}

@InputType()
export class AiRouteTargetInput {
  @Field()
  provider!: string;

  @Field()
  model!: string;
}

@InputType()
export class AiRouteInput {
  @Field(() => [AiRouteTargetInput], {
    description: 'Tried in order: the next one on 429, 5xx, timeouts and connection failures',
  })
  targets!: AiRouteTargetInput[];
}
