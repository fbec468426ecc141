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

  @Field(() => Float)
  costUsd!: number;

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
