import { Field, InputType, ObjectType } from 'type-graphql';

/** A stored credential as callers see it: never the key itself, only its last characters. */
@ObjectType()
export class AiProvider {
  @Field()
  provider!: string;

  @Field(() => String, { nullable: true, description: 'Null: the provider default' })
  baseUrl!: string | null;

  @Field({ description: 'The wire format: openai, anthropic or gemini' })
  format!: string;

  @Field({ description: '"...abcd": the last four characters of the stored key' })
  apiKeyHint!: string;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType()
export class AiProviderList {
  @Field(() => [AiProvider])
  data!: AiProvider[];
}

@InputType()
export class AiProviderInput {
  @Field()
  apiKey!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Where an OpenAI-compatible server listens (vLLM, Ollama, a proxy); required for unknown providers',
  })
  baseUrl?: string | null;
}

/** OpenAI's shape of a deletion. */
@ObjectType()
export class AiDeleted {
  @Field()
  id!: string;

  @Field()
  object!: string;

  @Field()
  deleted!: boolean;
}
