import { IsNotEmpty, IsObject, IsOptional, MaxLength, ValidateIf } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { JSON } from '../../../platform/graphql/scalars.js';

/** Longest SMS tag. */
export const MAX_TAG = 255;

/**
 * One send request. Malformed requests are a 400 INVALID_REQUEST: unknown or wrongly typed
 * fields (GraphQL), no template named, `tag` over 255 (the rules below). A bad number is not malformed: it is 1001.
 */
@InputType({ description: 'One template SMS: `to` in E.164 and a template by alias or pool id' })
export class SendSmsInput {
  @Field({ description: 'E.164, e.g. +14155550123' })
  to!: string;

  @ValidateIf((o: SendSmsInput) => o.templateId == null || o.templateAlias != null)
  @IsNotEmpty({ message: 'templateAlias must be a non-empty string, or templateId given' })
  @Field(() => String, { nullable: true })
  templateAlias?: string | null;

  @Field(() => Int, { nullable: true, description: 'A pool template id' })
  templateId?: number | null;

  @IsOptional()
  @IsObject()
  @Field(() => JSON, { nullable: true, description: 'Values of the template variables (strings or numbers)' })
  templateModel?: Record<string, unknown> | null;

  @IsOptional()
  @MaxLength(MAX_TAG)
  @Field(() => String, { nullable: true })
  tag?: string | null;

  @IsOptional()
  @IsObject()
  @Field(() => JSON, { nullable: true })
  metadata?: Record<string, unknown> | null;
}

/** A send request whose shape is right; the per-message rules (1001..1006) are checked by the service. */
export interface ValidSmsSend {
  to: string;
  templateAlias?: string;
  templateId?: number;
  templateModel: Record<string, unknown>;
  tag: string | null;
  metadata: Record<string, unknown>;
}

export function smsSendOf(input: SendSmsInput): ValidSmsSend {
  return {
    to: input.to,
    templateAlias: input.templateAlias ?? undefined,
    templateId: input.templateId ?? undefined,
    templateModel: input.templateModel ?? {},
    tag: input.tag ?? null,
    metadata: input.metadata ?? {},
  };
}

@InputType({ description: 'Sandbox: an inbound message, as if `from` had texted `body` to the pool number `to`' })
export class SandboxSmsInput {
  @Field({ description: 'Sender, E.164' })
  from!: string;

  @Field({ description: 'A pool number, E.164' })
  to!: string;

  @Field()
  body!: string;
}
