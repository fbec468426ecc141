import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { JSON } from '../../../platform/graphql/scalars.js';
import { OffsetMeta } from '../../../platform/graphql/offset-meta.type.js';

@ObjectType({
  description: 'Whether request and response bodies are kept (off by default), how long, and what is redacted',
})
export class AiLogSettings {
  @Field()
  enabled!: boolean;

  @Field(() => Int, { description: 'Days bodies are kept (1 to 365)' })
  retentionDays!: number;

  @Field(() => [String], { description: 'Built-in redactors: email, api_key, card_number, phone' })
  redact!: string[];

  @Field(() => [String], { description: 'Literal strings blanked out (case-insensitive), never regular expressions' })
  redactStrings!: string[];
}

@InputType()
export class AiLogSettingsInput {
  @Field()
  enabled!: boolean;

  @Field(() => Int, { nullable: true, description: 'Default 7' })
  retentionDays?: number | null;

  @Field(() => [String], { nullable: true, description: 'Default: email and api_key' })
  redact?: string[] | null;

  @Field(() => [String], { nullable: true })
  redactStrings?: string[] | null;
}

@ObjectType({ description: 'One logged request and its answer, redacted' })
export class AiRequestLog {
  @Field()
  requestId!: string;

  @Field({ description: 'chat or responses' })
  endpoint!: string;

  @Field()
  model!: string;

  @Field(() => JSON, {
    description: 'The chat request as the gateway sent it on (Responses requests in their chat form)',
  })
  request!: unknown;

  @Field(() => JSON, { nullable: true, description: 'The answer (a completion, the accumulated stream, or the error)' })
  response!: unknown;

  @Field()
  createdAt!: Date;
}

@ObjectType()
export class AiRequestLogList {
  @Field(() => [AiRequestLog])
  data!: AiRequestLog[];

  @Field(() => OffsetMeta)
  meta!: OffsetMeta;
}
