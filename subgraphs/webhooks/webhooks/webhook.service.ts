import type { EntityManager } from '@mikro-orm/postgresql';
import type { Auth } from '../../../platform/auth/auth.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { WEBHOOK_TEST_EVENT } from '../../../platform/events/event-catalog.js';
import { assertWebhookResource } from '../../../platform/events/webhook-resources.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { resolvePage, offsetMeta, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { Webhook } from '../entities/webhook.entity.js';
import { WebhookDelivery } from '../entities/webhook-delivery.entity.js';
import { DeliveryStatus } from '../entities/delivery-status.js';
import type { DeliveryAttemptService } from '../sending/delivery-attempt.service.js';
import { generateWebhookSecret } from '../sending/webhook-secret.js';
import type { WebhooksDeps } from '../webhooks-deps.js';
import { namespaceFor } from './namespace-access.js';
import {
  validateDescription,
  validateEvents,
  validateFilter,
  validateSecret,
  validateUrl,
} from './webhook-input.validate.js';
import type {
  CreateWebhookInput,
  DeletedWebhook,
  UpdateWebhookInput,
  WebhookFilterInput,
  WebhookList,
} from './webhook.types.js';

const PAGE_LIMITS = { defaultCount: 100, maxCount: 500 };

/** Webhook CRUD and the test event, for /webhooks and every module's mounted webhook paths (by namespace). */
export class WebhookService {
  constructor(
    private readonly deps: WebhooksDeps,
    private readonly attempts: DeliveryAttemptService,
  ) {}

  /** The answer carries the secret: the only time it is shown. */
  async create(
    em: EntityManager,
    auth: Auth,
    namespace: string,
    input: CreateWebhookInput,
    filter?: WebhookFilterInput | null,
  ): Promise<Webhook> {
    const allowed = namespaceFor(this.deps.catalog.events, auth, namespace);
    const url = await this.checkUrl(validateUrl(input.url), input.url!);
    const events = validateEvents(input.events, allowed.events);
    const secret = validateSecret(input.secret) ?? generateWebhookSecret();
    const narrowed = await this.checkResource(em, namespace, filter);
    const id = newId('wh');
    const box = await this.deps.secrets();
    const webhook = em.create(Webhook, {
      id,
      organizationId: tenantOf(em),
      namespace,
      url,
      events,
      active: input.active ?? true,
      description: validateDescription(input.description),
      filter: narrowed,
      // Bound to the row id, so a sealed secret copied onto another webhook does not open.
      secretSealed: box.seal(secret, id),
    });
    await em.flush();
    webhook.secret = secret;
    return webhook;
  }

  async list(
    em: EntityManager,
    auth: Auth,
    namespace: string,
    filter: WebhookFilterInput | null | undefined,
    args: PageArgs,
  ): Promise<WebhookList> {
    namespaceFor(this.deps.catalog.events, auth, namespace);
    const page = resolvePage(args, PAGE_LIMITS);
    const narrowed = await this.checkResource(em, namespace, filter);
    const where: Record<string, unknown> = { namespace };
    if (narrowed) where.filter = narrowed;
    const [data, total] = await em.findAndCount(Webhook, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { createdAt: 'desc', id: 'desc' },
    });
    return { data, meta: offsetMeta(page, data.length, total) };
  }

  /** A filter names a resource of the namespace's module (a mailbox): the platform's registry of them says whether the organization has it. */
  private async checkResource(
    em: EntityManager,
    namespace: string,
    filter: WebhookFilterInput | null | undefined,
  ): Promise<Record<string, string> | null> {
    const narrowed = validateFilter(filter);
    const rules = this.deps.catalog.events.namespace(namespace);
    if (narrowed && rules) await assertWebhookResource(em, namespace, rules, narrowed);
    return narrowed;
  }

  async get(em: EntityManager, auth: Auth, namespace: string, id: string): Promise<Webhook> {
    namespaceFor(this.deps.catalog.events, auth, namespace);
    return this.find(em, namespace, id);
  }

  async update(
    em: EntityManager,
    auth: Auth,
    namespace: string,
    id: string,
    input: UpdateWebhookInput,
  ): Promise<Webhook> {
    const allowed = namespaceFor(this.deps.catalog.events, auth, namespace);
    const webhook = await this.find(em, namespace, id);
    if (input.url !== undefined && input.url !== null)
      webhook.url = await this.checkUrl(validateUrl(input.url), input.url);
    if (input.events !== undefined && input.events !== null)
      webhook.events = validateEvents(input.events, allowed.events);
    if (input.description !== undefined) webhook.description = validateDescription(input.description);
    if (input.active !== undefined && input.active !== null) {
      webhook.active = input.active;
      if (input.active) {
        webhook.failed = false;
        webhook.failedAt = null;
      }
    }
    await em.flush();
    return webhook;
  }

  /** Its deliveries and attempts go with it; jobs already queued for them find nothing and end. */
  async delete(em: EntityManager, auth: Auth, namespace: string, id: string): Promise<DeletedWebhook> {
    namespaceFor(this.deps.catalog.events, auth, namespace);
    const webhook = await this.find(em, namespace, id);
    await em.remove(webhook).flush();
    return { id, deleted: true };
  }

  /**
   * Sends a `webhook.test` event to this webhook only: one attempt, queued now, sent even while the webhook is
   * disabled (to check an endpoint before re-enabling it), never retried and never counted towards disabling.
   */
  async sendTest(em: EntityManager, auth: Auth, namespace: string, id: string): Promise<WebhookDelivery> {
    namespaceFor(this.deps.catalog.events, auth, namespace);
    const webhook = await this.find(em, namespace, id);
    return em.transactional(async (tx) => {
      const now = new Date();
      const delivery = tx.create(WebhookDelivery, {
        id: newId('whd'),
        organizationId: webhook.organizationId,
        namespace,
        webhookId: webhook.id,
        eventId: newId('evt'),
        eventType: WEBHOOK_TEST_EVENT,
        eventTimestamp: now,
        data: { webhookId: webhook.id, message: 'This is a test event.' },
        status: DeliveryStatus.PENDING,
        nextAttemptAt: null,
      });
      await tx.flush();
      await this.attempts.queueManual(tx, webhook.organizationId, delivery.id);
      return delivery;
    });
  }

  private async find(em: EntityManager, namespace: string, id: string): Promise<Webhook> {
    const webhook = await em.findOne(Webhook, { id, namespace });
    if (!webhook) throw new DomainError('NOT_FOUND', 'Webhook not found', { field: 'webhookId', received: id });
    return webhook;
  }

  /** Refuses a URL whose host is, or resolves to any, special-purpose address (platform/net/host-judgement.ts); delivery checks again at connect time. */
  private async checkUrl(url: string, given: string): Promise<string> {
    const check = await this.deps.http.check(url, 3_000);
    if (!check.ok && check.refused) {
      throw new DomainError('INVALID_REQUEST', check.error, {
        field: 'url',
        received: given,
        expected: 'a URL on a public address (no loopback, private, link-local or multicast hosts)',
      });
    }
    return url; // a name that does not resolve yet is accepted: its deliveries fail until it does
  }
}
