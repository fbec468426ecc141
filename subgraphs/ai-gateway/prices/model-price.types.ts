import { Field, Float, InputType, ObjectType } from 'type-graphql';

@ObjectType({ description: "An organization's own price for a provider's model; it wins over the price list" })
export class AiModelPrice {
  @Field()
  id!: string;

  @Field()
  provider!: string;

  @Field({ description: 'The model name at the provider' })
  model!: string;

  @Field(() => Float, { description: 'USD per million prompt tokens' })
  inputPerMTok!: number;

  @Field(() => Float, { description: 'USD per million completion tokens' })
  outputPerMTok!: number;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType()
export class AiModelPriceList {
  @Field(() => [AiModelPrice])
  data!: AiModelPrice[];
}

@InputType()
export class AiModelPriceInput {
  @Field()
  provider!: string;

  @Field({ description: 'The model name at the provider (after `provider/`)' })
  model!: string;

  @Field(() => Float)
  inputPerMTok!: number;

  @Field(() => Float)
  outputPerMTok!: number;
}
