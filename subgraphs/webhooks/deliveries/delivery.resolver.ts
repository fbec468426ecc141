import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { WebhookDelivery } from '../entities/webhook-delivery.entity.js';
import { WebhookAttempt } from '../entities/webhook-attempt.entity.js';
import type { WebhooksDeps } from '../webhooks-deps.js';
import { attemptsLoader } from './attempts.loader.js';
import { DeliveryService } from './delivery.service.js';
import { DeliveryLogArgs, WebhookDeliveriesArgs, WebhookDeliveryList, WebhookDeliveryPage } from './delivery.types.js';

const NAMESPACE = {
  defaultValue: 'platform',
  description: '`platform` for /webhooks; a module name for its own webhook paths',
};

@Resolver(() => WebhookDelivery)
export class DeliveryResolver {
  private readonly service: DeliveryService;

  constructor(deps: WebhooksDeps) {
    this.service = new DeliveryService(deps.attempts, deps.catalog.events);
  }

  @Authorized()
  @Query(() => WebhookDeliveryList, { description: 'One webhook’s deliveries, newest first (count/offset)' })
  webhookDeliveries(
    @Arg('webhookId', () => ID) webhookId: string,
    @Args() args: WebhookDeliveriesArgs,
    @Arg('namespace', () => String, NAMESPACE) namespace: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WebhookDeliveryList> {
    return this.service.listForWebhook(ctx.em, ctx.auth!, namespace, webhookId, args);
  }

  @Authorized()
  @Query(() => WebhookDeliveryPage, { description: 'Every webhook’s deliveries, newest first (cursor pagination)' })
  webhookDeliveryLog(
    @Args() args: DeliveryLogArgs,
    @Arg('namespace', () => String, NAMESPACE) namespace: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WebhookDeliveryPage> {
    return this.service.log(ctx.em, ctx.auth!, namespace, args);
  }

  @Authorized()
  @Mutation(() => WebhookDelivery, { description: 'Queues one more attempt of this delivery now' })
  retryWebhookDelivery(
    @Arg('id', () => ID) id: string,
    @Arg('namespace', () => String, NAMESPACE) namespace: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WebhookDelivery> {
    return this.service.retry(ctx.em, ctx.auth!, namespace, id);
  }

  @FieldResolver(() => [WebhookAttempt], { description: 'Every attempt, oldest first' })
  attempts(@Root() delivery: WebhookDelivery, @Ctx() ctx: SubgraphContext): Promise<WebhookAttempt[]> {
    return attemptsLoader(ctx).load(delivery.id);
  }
}
