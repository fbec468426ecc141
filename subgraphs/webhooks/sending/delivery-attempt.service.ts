import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../../platform/ids/ids.js';
import type { Logger } from '../../../platform/logging/logger.js';
import type { SafeResult } from '../../../platform/net/safe-http-client.js';
import { Webhook } from '../entities/webhook.entity.js';
import { WebhookDelivery } from '../entities/webhook-delivery.entity.js';
import { WebhookAttempt } from '../entities/webhook-attempt.entity.js';
import { DeliveryStatus } from '../entities/delivery-status.js';
import type { WebhooksDeps } from '../webhooks-deps.js';
import { nextAttemptAt } from './retry-schedule.js';
import { deliveryBody, signedHeaders } from './webhook-signature.js';
import { webhookDisabledNotice } from './failure-notice.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { LRUCache } from 'lru-cache';

export const DELIVER_WEBHOOK_JOB = 'webhooks.deliver';

/** One Agenda job per attempt: `slot` for a scheduled attempt (1 to 7), `attemptId` for a manual retry. */
export interface DeliverJobData {
  organizationId: string;
  deliveryId: string;
  slot?: number;
  attemptId?: string;
}

/** Everything one POST needs, without reading the database. */
export interface DeliveryTarget {
  organizationId: string;
  deliveryId: string;
  webhookId: string;
  url: string;
  secretSealed: string;
  eventId: string;
  eventType: string;
  /** ISO 8601 */
  timestamp: string;
  data: unknown;
}

/** What an attempt came to, before it is recorded. */
export type AttemptOutcome = { result: SafeResult; success: boolean; error: string | null } | { skipped: string };

const MAX_CACHED_SECRETS = 10_000;

/**
 * Makes one attempt of a delivery and records it: the POST happens outside any transaction (it may take 30 s);
 * the record, the next attempt's job and, after the 7th failure, disabling the webhook and queueing the notice
 * happen in one transaction. Every step checks the delivery's state first, so a job that runs twice (a crash, a
 * lock timeout) sends again at worst (at least once, same event id) and never records twice.
 */
export class DeliveryAttemptService {
  private readonly secrets = new LRUCache<string, string>({ max: MAX_CACHED_SECRETS });
  /** Attempts running in this process: the lane and a fallback job never send the same one twice here. */
  private readonly inFlight = new Set<string>();

  constructor(private readonly deps: WebhooksDeps) {}

  /** Queues scheduled attempt `slot`, due at `due` on the schedule clock, in the caller's transaction. */
  async schedule(
    tx: EntityManager,
    organizationId: string,
    deliveryId: string,
    slot: number,
    due: Date,
  ): Promise<void> {
    const data: DeliverJobData = { organizationId, deliveryId, slot };
    await this.deps.jobs.enqueue(tx, DELIVER_WEBHOOK_JOB, data, this.deps.clock.wallTimeOf(due));
  }

  /** Queues a manual attempt now; its id makes the job idempotent. */
  async queueManual(tx: EntityManager, organizationId: string, deliveryId: string): Promise<void> {
    const data: DeliverJobData = { organizationId, deliveryId, attemptId: newId('wha') };
    await this.deps.jobs.enqueue(tx, DELIVER_WEBHOOK_JOB, data);
  }

  /** Marks an attempt as running here; false when it already is. Pair with `release`. */
  claim(deliveryId: string, slotOrAttempt: number | string): boolean {
    const key = `${deliveryId}:${slotOrAttempt}`;
    if (this.inFlight.has(key)) return false;
    this.inFlight.add(key);
    return true;
  }

  release(deliveryId: string, slotOrAttempt: number | string): void {
    this.inFlight.delete(`${deliveryId}:${slotOrAttempt}`);
  }

  /** The job's attempt: loads the delivery and its webhook, sends, records. */
  async run(em: EntityManager, job: DeliverJobData, logger: Logger): Promise<void> {
    const mark = job.attemptId ?? job.slot!;
    if (!this.claim(job.deliveryId, mark)) return;
    try {
      await this.attempt(em, job, logger);
    } finally {
      this.release(job.deliveryId, mark);
    }
  }

  /** Signs and POSTs the event to the webhook's URL. */
  async send(target: DeliveryTarget): Promise<AttemptOutcome> {
    const body = deliveryBody({
      id: target.eventId,
      type: target.eventType,
      timestamp: target.timestamp,
      data: target.data,
    });
    const headers = signedHeaders(await this.secretOf(target.webhookId, target.secretSealed), {
      eventId: target.eventId,
      eventType: target.eventType,
      deliveryId: target.deliveryId,
      body,
      timestamp: Math.floor(Date.now() / 1000),
    });
    const result = await this.deps.http.post({
      url: target.url,
      headers,
      body,
      timeoutMs: this.deps.config.webhooks.timeoutMs,
    });
    const success = result.kind === 'response' && result.status >= 200 && result.status < 300;
    // `refused`: the URL guard stopped it (no request left); `error`: timeout, reset, TLS; `failure`: a non-2xx answer.
    this.deps.metrics.webhookAttempts.inc({
      outcome: success ? 'success' : result.kind === 'response' ? 'failure' : result.refused ? 'refused' : 'error',
    });
    return {
      result,
      success,
      error: success ? null : result.kind === 'response' ? `HTTP ${result.status}` : result.error,
    };
  }

  /** Records an attempt's outcome in `tx` (see the class comment); does nothing when another run recorded it. */
  async record(
    tx: EntityManager,
    job: DeliverJobData,
    webhook: { id: string; url: string },
    scheduledFor: Date | null,
    outcome: AttemptOutcome,
  ): Promise<void> {
    const delivery = await tx.findOne(
      WebhookDelivery,
      { id: job.deliveryId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!delivery || !this.due(delivery, job)) return;
    const now = this.deps.clock.now();
    if ('skipped' in outcome) {
      delivery.attemptCount = job.slot!;
      delivery.status = DeliveryStatus.FAILED;
      delivery.error = outcome.skipped;
      delivery.nextAttemptAt = null;
      await tx.flush();
      return;
    }
    const { result, success, error } = outcome;
    tx.create(WebhookAttempt, {
      id: job.attemptId ?? newId('wha'),
      organizationId: delivery.organizationId,
      deliveryId: delivery.id,
      slot: job.attemptId ? null : job.slot!,
      manual: !!job.attemptId,
      success,
      responseCode: result.kind === 'response' ? result.status : null,
      responseBody: result.kind === 'response' ? result.body : null,
      error,
      durationMs: result.durationMs,
      scheduledFor: job.attemptId ? null : scheduledFor,
      attemptedAt: now,
    });
    delivery.responseCode = result.kind === 'response' ? result.status : null;
    delivery.error = error;
    delivery.attemptedAt = now;
    if (!job.attemptId) delivery.attemptCount = job.slot!;
    if (success) {
      delivery.status = DeliveryStatus.SUCCESS;
      delivery.nextAttemptAt = null;
    } else if (job.attemptId) {
      // A failed manual retry leaves the schedule as it was: still PENDING if attempts remain.
      delivery.status = delivery.nextAttemptAt ? DeliveryStatus.PENDING : DeliveryStatus.FAILED;
    } else {
      const next = nextAttemptAt(job.slot!, now);
      delivery.nextAttemptAt = next;
      if (next) {
        await this.schedule(tx, delivery.organizationId, delivery.id, job.slot! + 1, next);
      } else {
        delivery.status = DeliveryStatus.FAILED;
        await this.disable(tx, webhook, delivery, error ?? 'failed');
      }
    }
    await tx.flush();
  }

  private async attempt(em: EntityManager, job: DeliverJobData, logger: Logger): Promise<void> {
    const delivery = await em.findOne(WebhookDelivery, { id: job.deliveryId });
    if (!delivery || !this.due(delivery, job)) return;
    if (job.attemptId && (await em.count(WebhookAttempt, { id: job.attemptId })) > 0) return;
    const webhook = await em.findOne(Webhook, { id: delivery.webhookId });
    if (!webhook) return;
    const outcome: AttemptOutcome =
      !job.attemptId && !webhook.active
        ? { skipped: 'Webhook is disabled' }
        : await this.send({
            organizationId: delivery.organizationId,
            deliveryId: delivery.id,
            webhookId: webhook.id,
            url: webhook.url,
            secretSealed: webhook.secretSealed,
            eventId: delivery.eventId,
            eventType: delivery.eventType,
            timestamp: new Date(delivery.eventTimestamp).toISOString(),
            data: delivery.data,
          });
    const scheduledFor = delivery.nextAttemptAt ?? null;
    await em.transactional((tx) => this.record(tx, job, webhook, scheduledFor, outcome));
    logger.debug('webhook attempt', {
      deliveryId: delivery.id,
      slot: job.slot,
      manual: !!job.attemptId,
      outcome: 'skipped' in outcome ? 'skipped' : outcome.success,
    });
  }

  /** Scheduled attempts run only while the delivery is PENDING and this slot is not recorded yet. */
  private due(delivery: WebhookDelivery, job: DeliverJobData): boolean {
    if (job.attemptId) return true;
    return delivery.status === DeliveryStatus.PENDING && delivery.attemptCount < job.slot!;
  }

  /** After the 7th failed attempt: mark the webhook failed, disable it, and notify once (only on the transition). */
  private async disable(
    tx: EntityManager,
    webhook: { id: string; url: string },
    delivery: WebhookDelivery,
    lastError: string,
  ): Promise<void> {
    const now = new Date();
    const changed = await tenantSql(tx).rows<{ id: string }>(
      sql`update webhooks.webhooks set active = false, failed = true, failed_at = ${now}, updated_at = ${now} where id = ${webhook.id} and organization_id = ${ORG} and active returning id`,
    );
    if (changed.length === 0) return; // already disabled: notified then
    const sender = this.deps.ports().systemEmail;
    if (!sender) {
      this.deps.logger.warn('webhook disabled, but no system email sender is registered in this process', {
        webhookId: webhook.id,
      });
      return;
    }
    await sender.send(
      tx,
      webhookDisabledNotice({
        organizationId: delivery.organizationId,
        webhookId: webhook.id,
        url: webhook.url,
        deliveryId: delivery.id,
        eventType: delivery.eventType,
        lastError,
      }),
    );
  }

  private async secretOf(webhookId: string, sealed: string): Promise<string> {
    const cacheKey = `${webhookId}:${sealed}`;
    let secret = this.secrets.get(cacheKey);
    if (secret === undefined) {
      secret = (await this.deps.secrets()).open(sealed, webhookId);
      this.secrets.set(cacheKey, secret);
    }
    return secret;
  }
}
