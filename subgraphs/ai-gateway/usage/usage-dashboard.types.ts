import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Tokens and cost of one UTC day and requested model' })
export class AiUsageDay {
  @Field({ description: 'YYYY-MM-DD (UTC)' })
  date!: string;

  @Field()
  model!: string;

  @Field(() => Int)
  requests!: number;

  @Field(() => Float, { description: 'A sum of tokens; Float because a busy organization passes GraphQL Int (2^31) in a month (exact to 2^53)' })
  promptTokens!: number;

  @Field(() => Float, { description: 'A sum of tokens; Float because a busy organization passes GraphQL Int (2^31) in a month (exact to 2^53)' })
  completionTokens!: number;

  @Field(() => Float, { description: 'A sum of tokens; Float because a busy organization passes GraphQL Int (2^31) in a month (exact to 2^53)' })
  totalTokens!: number;

  @Field(() => Float)
  costUsd!: number;
}

@ObjectType({ description: 'Totals of a period, with the error rate and the cache hit rate' })
export class AiUsageSummary {
  @Field(() => Int)
  requests!: number;

  @Field(() => Int, { description: 'Requests that ended in an error (client disconnects are not errors)' })
  errors!: number;

  @Field(() => Float, { description: 'errors / requests (0 without requests)' })
  errorRate!: number;

  @Field(() => Int)
  cacheHits!: number;

  @Field(() => Int, { description: 'Requests that consulted the cache (X-Cache-Control: no-cache ones did not)' })
  cacheLookups!: number;

  @Field(() => Float, { description: 'cacheHits / cacheLookups (0 without lookups)' })
  cacheHitRate!: number;

  @Field(() => Int)
  aborted!: number;

  @Field(() => Float, { description: 'A sum of tokens; Float because a busy organization passes GraphQL Int (2^31) in a month (exact to 2^53)' })
  totalTokens!: number;

  @Field(() => Float)
  costUsd!: number;
}
