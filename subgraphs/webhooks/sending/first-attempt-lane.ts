import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../../platform/ids/ids.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import type { WebhooksDeps } from '../webhooks-deps.js';
import type { DeliveryTarget } from './delivery-attempt.service.js';
import { FirstSuccessRecorder } from './first-success-recorder.js';

/** A delivery whose first attempt is due now, with what the POST needs. */
export interface FirstAttempt extends DeliveryTarget {
  /** When the schedule had it due (the dispatch time). */
  due: Date;
}

const CONCURRENCY = 64;
/** Queued first attempts above which the dispatcher waits before taking more events from the outbox. */
const HIGH_WATER = 2_000;

/**
 * Makes the first attempt of each delivery the dispatcher just created, in this process and at once: Agenda costs
 * several queries and NOTIFYs per job, too slow and too late for "immediate". Durability does not rest on this
 * lane: the dispatch transaction also stored a fallback job (FIRST_ATTEMPTS_JOB) that makes any first attempt this
 * lane did not record, so a crash here loses nothing. Retries (attempts 2 to 7) are ordinary Agenda jobs.
 */
export class FirstAttemptLane {
  private readonly queue: FirstAttempt[] = [];
  private running = 0;
  private closed = false;
  private readonly idle = new Set<() => void>();
  private readonly successes: FirstSuccessRecorder;

  constructor(private readonly deps: WebhooksDeps) {
    this.successes = new FirstSuccessRecorder(deps);
  }

  push(items: FirstAttempt[]): void {
    if (this.closed) return; // the fallback job makes them
    this.queue.push(...items);
    this.pump();
  }

  /** Back-pressure for the dispatcher. */
  async ready(): Promise<void> {
    while (this.queue.length > HIGH_WATER && !this.closed) await new Promise<void>((resolve) => this.idle.add(resolve));
  }

  /** Stops taking work and waits (up to `timeoutMs`) for attempts in flight; queued ones are left to the fallback job. */
  async close(timeoutMs: number): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    const deadline = Date.now() + timeoutMs;
    while (this.running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await this.successes.flush();
    this.wake();
  }

  private pump() {
    while (!this.closed && this.running < CONCURRENCY && this.queue.length > 0) {
      const item = this.queue.shift()!;
      this.running++;
      void this.attempt(item).finally(() => {
        this.running--;
        this.pump();
        if (this.queue.length <= HIGH_WATER) this.wake();
      });
    }
  }

  private async attempt(item: FirstAttempt) {
    const attempts = this.deps.attempts;
    if (!attempts.claim(item.deliveryId, 1)) return;
    try {
      const outcome = await attempts.send(item);
      if ('result' in outcome && outcome.success && outcome.result.kind === 'response') {
        this.successes.add({
          organizationId: item.organizationId,
          deliveryId: item.deliveryId,
          attemptId: newId('wha'),
          responseCode: outcome.result.status,
          responseBody: outcome.result.body,
          durationMs: outcome.result.durationMs,
          scheduledFor: item.due,
          attemptedAt: this.deps.clock.now(),
        });
        return;
      }
      const em = forkForTenant(this.deps.orm.em, item.organizationId) as EntityManager;
      await em.transactional((tx) =>
        attempts.record(
          tx,
          { organizationId: item.organizationId, deliveryId: item.deliveryId, slot: 1 },
          { id: item.webhookId, url: item.url },
          item.due,
          outcome,
        ),
      );
    } catch (error) {
      this.deps.logger.error('first webhook attempt failed; its fallback job will make it', {
        deliveryId: item.deliveryId,
        error,
      });
    } finally {
      attempts.release(item.deliveryId, 1);
    }
  }

  private wake() {
    for (const resolve of this.idle) resolve();
    this.idle.clear();
  }
}
