import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Tokens and cost of one UTC day and requested model' })
export class AiUsageDay {
  @Field({ description: 'YYYY-MM-DD (UTC)' })
  date!: string;

  @Field()
  model!: string;

  @Field(() => Int)
  requests!: number;

  @Field(() => Float, {
    description:
      'A sum of tokens; Float because a busy organization passes GraphQL Int (2^31) in a month (exact to 2^53)',
  })
  promptTokens!: number;

  @Field(() => Float, {
    description:
      'A sum of tokens; Float because a busy organization passes GraphQL Int (2^31) in a month (exact to 2^53)',
  })
  completionTokens!: number;

  @Field(() => Float, {
    description:
      'A sum of tokens; Float because a busy organization passes GraphQL Int (2^31) in a month (exact to 2^53)',
  })
  totalTokens!: number;

  @Field(() => Float, { description: 'USD of the requests whose price is known' })
  costUsd!: number;

  @Field(() => Int, { description: 'Requests of models no price list knows: their cost is not in costUsd' })
  unpricedRequests!: number;
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

  @Field(() => Int, { description: 'Requests the built-in sandbox provider answered' })
  sandboxRequests!: number;

  @Field(() => Float, {
    description:
      'A sum of tokens; Float because a busy organization passes GraphQL Int (2^31) in a month (exact to 2^53)',
  })
  totalTokens!: number;

  @Field(() => Float, { description: 'USD of the requests whose price is known' })
  costUsd!: number;

  @Field(() => Int, { description: 'Requests of models no price list knows: their cost is not in costUsd' })
  unpricedRequests!: number;
}

@ObjectType({ description: 'Requests, tokens and cost of one model, one key or one UTC day' })
export class AiUsageGroup {
  @Field(() => String, {
    nullable: true,
    description:
      'The requested model, the gateway key id (null: a platform key over GraphQL) or the UTC day (YYYY-MM-DD)',
  })
  group!: string | null;

  @Field(() => Int)
  requests!: number;

  @Field(() => Int)
  errors!: number;

  @Field(() => Float, { description: 'A sum of tokens (Float: exact to 2^53)' })
  promptTokens!: number;

  @Field(() => Float, { description: 'A sum of tokens (Float: exact to 2^53)' })
  completionTokens!: number;

  @Field(() => Float, { description: 'A sum of tokens (Float: exact to 2^53)' })
  totalTokens!: number;

  @Field(() => Float, { description: 'USD of the requests whose price is known' })
  costUsd!: number;

  @Field(() => Int, { description: 'Requests of models no price list knows: their cost is not in costUsd' })
  unpricedRequests!: number;
}

@ObjectType()
export class AiUsageGroupList {
  @Field(() => [AiUsageGroup])
  data!: AiUsageGroup[];
}
