import { IsOptional, Length } from 'class-validator';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { Webhook } from '../entities/webhook.entity.js';

/** POST /webhooks body. Rules are checked by the service. */
@InputType()
export class CreateWebhookInput {
  @Field({ nullable: true, description: 'http(s) URL that receives the POSTs' })
  url?: string;

  @Field(() => [String], { nullable: true, description: 'Event types to receive' })
  events?: string[];

  @Field({ nullable: true, description: 'Default true' })
  active?: boolean;

  @Field({ nullable: true, description: 'Signing secret; generated (whsec_…) when omitted' })
  secret?: string;

  @Field({ nullable: true })
  description?: string;
}

/** PATCH /webhooks/{webhookId}: only the fields given change. */
@InputType()
export class UpdateWebhookInput {
  @Field({ nullable: true })
  url?: string;

  @Field(() => [String], { nullable: true })
  events?: string[];

  @Field({ nullable: true, description: 'true re-enables a failed webhook and clears its failed mark' })
  active?: boolean;

  @Field({ nullable: true })
  description?: string;
}

const RESOURCE_ID = { message: 'a resource id of 1 to 200 characters' };

/**
 * The one resource a module's webhook is narrowed to (set by its mounted paths, e.g. a mailbox's webhooks): events
 * whose data carries the same value. A module with per-resource webhooks adds its field here.
 */
@InputType()
export class WebhookFilterInput {
  @IsOptional()
  @Length(1, 200, RESOURCE_ID)
  @Field(() => String, { nullable: true, description: 'Agent mailboxes: events of this mailbox' })
  mailboxId?: string | null;

  @IsOptional()
  @Length(1, 200, RESOURCE_ID)
  @Field(() => String, { nullable: true, description: 'Forms: events of this form' })
  formId?: string | null;
}

@ObjectType()
export class WebhookList extends OffsetList(Webhook) {}

@ObjectType()
export class DeletedWebhook {
  @Field(() => ID)
  id!: string;

  @Field()
  deleted!: boolean;
}
