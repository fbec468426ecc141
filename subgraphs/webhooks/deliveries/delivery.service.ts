import type { EntityManager } from '@mikro-orm/postgresql';
import type { Auth } from '../../../platform/auth/auth.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { parseEnumFilter } from '../../../platform/graphql/date-range.js';
import { resolvePage, offsetMeta, type PageArgs } from '../../../platform/pagination/offset-page.js';
import { Webhook } from '../entities/webhook.entity.js';
import { WebhookDelivery } from '../entities/webhook-delivery.entity.js';
import { DeliveryStatus } from '../entities/delivery-status.js';
import type { DeliveryAttemptService } from '../sending/delivery-attempt.service.js';
import type { EventCatalog } from '../../../platform/events/event-catalog.js';
import { namespaceFor } from '../webhooks/namespace-access.js';
import { decodeCursor, encodeCursor } from './delivery-cursor.js';
import type { WebhookDeliveryList, WebhookDeliveryPage } from './delivery.types.js';

const PAGE_LIMITS = { defaultCount: 100, maxCount: 500 };
const LOG_DEFAULT = 50;
const LOG_MAX = 250;
const STATUSES = Object.values(DeliveryStatus);

export interface DeliveryLogQuery {
  cursor?: string | null;
  limit?: number | null;
  status?: string | null;
  webhookId?: string | null;
}

/** Delivery logs (offset per webhook, cursor across webhooks) and manual retries. */
export class DeliveryService {
  constructor(
    private readonly attempts: DeliveryAttemptService,
    private readonly events: EventCatalog,
  ) {}

  async listForWebhook(
    em: EntityManager,
    auth: Auth,
    namespace: string,
    webhookId: string,
    args: PageArgs & { status?: string | null },
  ): Promise<WebhookDeliveryList> {
    namespaceFor(this.events, auth, namespace);
    const page = resolvePage(args, PAGE_LIMITS);
    const status = parseEnumFilter('status', args.status, STATUSES);
    if ((await em.count(Webhook, { id: webhookId, namespace })) === 0)
      throw new DomainError('NOT_FOUND', 'Webhook not found', { field: 'webhookId', received: webhookId });
    const where: Record<string, unknown> = { webhookId };
    if (status) where.status = status;
    const [data, total] = await em.findAndCount(WebhookDelivery, where, {
      limit: page.count,
      offset: page.offset,
      orderBy: { createdAt: 'desc', id: 'desc' },
    });
    return { data, meta: offsetMeta(page, data.length, total) };
  }

  /** Newest first; `meta.cursor` continues after the last item, and is null on the last page. */
  async log(em: EntityManager, auth: Auth, namespace: string, query: DeliveryLogQuery): Promise<WebhookDeliveryPage> {
    namespaceFor(this.events, auth, namespace);
    const limit = query.limit ?? LOG_DEFAULT;
    if (!Number.isInteger(limit) || limit < 1 || limit > LOG_MAX) {
      throw new DomainError('INVALID_REQUEST', `limit must be an integer from 1 to ${LOG_MAX}`, {
        field: 'limit',
        received: limit,
        expected: `1..${LOG_MAX}`,
      });
    }
    const status = parseEnumFilter('status', query.status, STATUSES);
    const after = decodeCursor(query.cursor);
    const where: Record<string, unknown> = { namespace };
    if (after) where.id = { $lt: after };
    if (status) where.status = status;
    if (query.webhookId) where.webhookId = query.webhookId;
    const rows = await em.find(WebhookDelivery, where, { limit: limit + 1, orderBy: { id: 'desc' } });
    const hasMore = rows.length > limit;
    const data = hasMore ? rows.slice(0, limit) : rows;
    return { data, meta: { cursor: hasMore ? encodeCursor(data[data.length - 1]!.id) : null, hasMore } };
  }

  /**
   * Queues one more attempt now, outside the schedule: the delivery is PENDING until it runs, then SUCCESS, or
   * back to FAILED when no scheduled attempt remains. Works on a disabled webhook too (to recover after a fix).
   */
  async retry(em: EntityManager, auth: Auth, namespace: string, deliveryId: string): Promise<WebhookDelivery> {
    namespaceFor(this.events, auth, namespace);
    return em.transactional(async (tx) => {
      const delivery = await tx.findOne(WebhookDelivery, { id: deliveryId, namespace });
      if (!delivery)
        throw new DomainError('NOT_FOUND', 'Delivery not found', { field: 'deliveryId', received: deliveryId });
      delivery.status = DeliveryStatus.PENDING;
      await tx.flush();
      await this.attempts.queueManual(tx, delivery.organizationId, delivery.id);
      return delivery;
    });
  }
}
