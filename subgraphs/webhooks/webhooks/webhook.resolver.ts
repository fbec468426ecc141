import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { Webhook } from '../entities/webhook.entity.js';
import { WebhookDelivery } from '../entities/webhook-delivery.entity.js';
import type { WebhooksDeps } from '../webhooks-deps.js';
import { WebhookService } from './webhook.service.js';
import {
  CreateWebhookInput,
  DeletedWebhook,
  UpdateWebhookInput,
  WebhookFilterInput,
  WebhookList,
} from './webhook.types.js';

const NAMESPACE = {
  defaultValue: 'platform',
  description: '`platform` for /webhooks; a module name for its own webhook paths',
};
const FILTER = {
  nullable: true,
  description: 'The resource the webhook is narrowed to (set by a module’s mounted paths)',
};

/** Platform webhooks and every module's mounted webhook paths; the namespace's scope is checked by the service. */
@Resolver(() => Webhook)
export class WebhookResolver {
  private readonly service: WebhookService;

  constructor(deps: WebhooksDeps) {
    this.service = new WebhookService(deps, deps.attempts);
  }

  @Authorized()
  @Query(() => WebhookList, { description: 'Webhooks, newest first' })
  webhooks(
    @Args() page: PageArgsInput,
    @Arg('namespace', () => String, NAMESPACE) namespace: string,
    @Arg('filter', () => WebhookFilterInput, FILTER) filter: WebhookFilterInput | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WebhookList> {
    return this.service.list(ctx.em, ctx.auth!, namespace, filter, page);
  }

  @Authorized()
  @Query(() => Webhook)
  webhook(
    @Arg('id', () => ID) id: string,
    @Arg('namespace', () => String, NAMESPACE) namespace: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return this.service.get(ctx.em, ctx.auth!, namespace, id);
  }

  @Authorized()
  @Mutation(() => Webhook, { description: 'The answer carries the signing secret, shown this once' })
  createWebhook(
    @Arg('input', () => CreateWebhookInput) input: CreateWebhookInput,
    @Arg('namespace', () => String, NAMESPACE) namespace: string,
    @Arg('filter', () => WebhookFilterInput, FILTER) filter: WebhookFilterInput | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return this.service.create(ctx.em, ctx.auth!, namespace, { ...input }, filter);
  }

  @Authorized()
  @Mutation(() => Webhook)
  updateWebhook(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookInput) input: UpdateWebhookInput,
    @Arg('namespace', () => String, NAMESPACE) namespace: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return this.service.update(ctx.em, ctx.auth!, namespace, id, { ...input });
  }

  @Authorized()
  @Mutation(() => DeletedWebhook)
  deleteWebhook(
    @Arg('id', () => ID) id: string,
    @Arg('namespace', () => String, NAMESPACE) namespace: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DeletedWebhook> {
    return this.service.delete(ctx.em, ctx.auth!, namespace, id);
  }

  @Authorized()
  @Mutation(() => WebhookDelivery, {
    description: 'Queues a webhook.test event to this webhook (one attempt, no retries)',
  })
  sendWebhookTest(
    @Arg('id', () => ID) id: string,
    @Arg('namespace', () => String, NAMESPACE) namespace: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WebhookDelivery> {
    return this.service.sendTest(ctx.em, ctx.auth!, namespace, id);
  }
}
