import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { WebhookDelivery } from '../entities/webhook-delivery.entity.js';
import { CursorMeta } from './cursor-meta.type.js';

@ArgsType()
export class WebhookDeliveriesArgs extends PageArgsInput {
  @Field({ nullable: true, description: 'PENDING, SUCCESS or FAILED' })
  status?: string;
}

@ArgsType()
export class DeliveryLogArgs {
  @Field({ nullable: true, description: 'meta.cursor of the previous page' })
  cursor?: string;

  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 250 (default 50)' })
  limit?: number;

  @Field({ nullable: true, description: 'PENDING, SUCCESS or FAILED' })
  status?: string;

  @Field(() => ID, { nullable: true, description: 'Only this webhook’s deliveries' })
  webhookId?: string;
}

@ObjectType()
export class WebhookDeliveryList extends OffsetList(WebhookDelivery) {}

@ObjectType()
export class WebhookDeliveryPage {
  @Field(() => [WebhookDelivery])
  data!: WebhookDelivery[];

  @Field(() => CursorMeta)
  meta!: CursorMeta;
}
