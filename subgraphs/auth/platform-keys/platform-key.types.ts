import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('ApiKey', { description: 'A platform key of the organization (SERVER or SENDING); never its secret' })
export class PlatformKey {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'SERVER or SENDING' })
  type!: string;

  @Field(() => [String], { description: 'Module scopes; `*` is every scope' })
  scopes!: string[];

  @Field(() => String, { description: 'The first 12 characters of the key, to tell keys apart' })
  prefix!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  revokedAt!: Date | null;
}

@ObjectType('ApiKeyList')
export class PlatformKeyList {
  @Field(() => [PlatformKey])
  data!: PlatformKey[];

  @Field(() => Int)
  total!: number;
}

@ObjectType('CreatedApiKey')
export class CreatedPlatformKey {
  @Field(() => String, { description: 'The key itself: shown this once, stored hashed' })
  key!: string;

  @Field(() => PlatformKey)
  apiKey!: PlatformKey;
}

@ObjectType('PlatformOrganization', { description: 'The organization of the calling key' })
export class PlatformOrganization {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  slug!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'STARTER, GROWTH, ... (the rate limits and quotas that apply)' })
  plan!: string;

  @Field(() => [QuotaUsage], { description: 'The monthly quotas of the plan, used this month' })
  quotas!: QuotaUsage[];

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('QuotaUsage', {
  description: 'One monthly quota of the plan and what this calendar month (UTC) used of it',
})
export class QuotaUsage {
  @Field(() => String, { description: 'emails, sms or formSubmissions' })
  resource!: string;

  @Field(() => Int)
  used!: number;

  @Field(() => Int, { nullable: true, description: "The plan's monthly allowance; null is unlimited" })
  limit!: number | null;

  @Field(() => String, { description: 'YYYY-MM, UTC' })
  period!: string;
}
