import { Field, Float, Int, ObjectType } from 'type-graphql';
import { OffsetMeta } from '../../../platform/graphql/offset-meta.type.js';

@ObjectType({ description: 'One request of the usage log' })
export class AiUsageRecord {
  @Field()
  requestId!: string;

  @Field({ description: 'The model the client asked for' })
  model!: string;

  @Field(() => String, { nullable: true })
  provider!: string | null;

  @Field(() => String, { nullable: true, description: 'The model name at the provider' })
  providerModel!: string | null;

  @Field(() => Int)
  promptTokens!: number;

  @Field(() => Int)
  completionTokens!: number;

  @Field(() => Float, {
    nullable: true,
    description: 'USD; null when no price is known for the model (unknown, not free)',
  })
  costUsd!: number | null;

  @Field(() => Int)
  latencyMs!: number;

  @Field(() => Int, { nullable: true })
  firstChunkMs!: number | null;

  @Field({ description: 'HIT, MISS or BYPASS (X-Cache-Control: no-cache)' })
  cache!: string;

  @Field({ description: 'SUCCESS, ERROR or ABORTED' })
  status!: string;

  @Field(() => String, { nullable: true })
  errorCode!: string | null;

  @Field()
  stream!: boolean;

  @Field({ description: 'Tokens estimated from characters (a stream cut short before usage arrived)' })
  estimated!: boolean;

  @Field({ description: 'chat, embeddings or responses: the path that served it' })
  endpoint!: string;

  @Field({ description: 'Answered by the built-in sandbox provider (no real model, no cost)' })
  sandbox!: boolean;

  @Field()
  createdAt!: Date;
}

@ObjectType()
export class AiUsageRecordList {
  @Field(() => [AiUsageRecord])
  data!: AiUsageRecord[];

  @Field(() => OffsetMeta)
  meta!: OffsetMeta;
}
