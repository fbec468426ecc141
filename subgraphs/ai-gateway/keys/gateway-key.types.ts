import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A gateway key (gw_sk_...): opens /ai/v1 only' })
export class AiGatewayKey {
  @Field(() => ID)
  id!: string;

  @Field({ description: '"gateway_key"' })
  object!: string;

  @Field()
  name!: string;

  @Field({ description: 'The first characters of the key' })
  prefix!: string;

  @Field()
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  expiresAt!: Date | null;

  @Field(() => Date, { nullable: true })
  revokedAt!: Date | null;

  @Field(() => [String], { nullable: true, description: 'Model names (as requested) the key may call; null: any' })
  allowedModels!: string[] | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Requests per minute (per gateway process); null: the plan rate only',
  })
  requestsPerMinute!: number | null;

  @Field(() => Int, { nullable: true, description: 'Tokens per minute (per gateway process); null: unlimited' })
  tokensPerMinute!: number | null;
}

@ObjectType()
export class AiGatewayKeyCreated extends AiGatewayKey {
  @Field({ description: 'The key itself: shown this once, stored only as a hash' })
  key!: string;
}

@ObjectType()
export class AiGatewayKeyList {
  @Field(() => [AiGatewayKey])
  data!: AiGatewayKey[];
}

@InputType()
export class AiGatewayKeyInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 8601; after it the key answers 401' })
  expiresAt?: string | null;
}

@InputType({ description: 'Per-key limits; an absent field is left as it is, null removes the limit' })
export class AiGatewayKeyLimitsInput {
  @Field(() => [String], { nullable: true })
  allowedModels?: string[] | null;

  @Field(() => Int, { nullable: true })
  requestsPerMinute?: number | null;

  @Field(() => Int, { nullable: true })
  tokensPerMinute?: number | null;
}
