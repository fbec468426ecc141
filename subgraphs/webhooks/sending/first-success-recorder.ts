import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhooksDeps } from '../webhooks-deps.js';
import { crossTenantSql, joinSql, sql } from '../../../platform/orm/tenant-sql.js';

/** A first attempt that got a 2xx, waiting to be recorded. */
export interface FirstSuccess {
  organizationId: string;
  deliveryId: string;
  attemptId: string;
  responseCode: number;
  responseBody: string;
  durationMs: number;
  scheduledFor: Date;
  attemptedAt: Date;
}

const BATCH = 200;
const MAX_WAIT_MS = 5;

/**
 * Records successful first attempts many at a time: one statement marks the deliveries SUCCESS and inserts their
 * attempts, only for deliveries still PENDING with no attempt (so a concurrent or repeated record adds nothing).
 * Failures are not batched: they schedule the next attempt (DeliveryAttemptService.record).
 */
export class FirstSuccessRecorder {
  private pending: FirstSuccess[] = [];
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: WebhooksDeps) {}

  add(success: FirstSuccess): void {
    this.pending.push(success);
    if (this.pending.length >= BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), MAX_WAIT_MS);
  }

  /** Writes what is pending; resolves when everything added so far is written (or failed and logged). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) {
      // A failed write is not lost work: the deliveries stay unrecorded and the fallback job attempts them again.
      this.writing = this.writing
        .then(() => this.write(batch))
        .catch((error) => this.deps.logger.error('recording first attempts failed', { error, count: batch.length }));
    }
    return this.writing;
  }

  private async write(batch: FirstSuccess[]): Promise<void> {
    const em = this.deps.orm.em.fork({
      clear: true,
      useContext: false,
      disableFilters: true,
    } as never) as EntityManager;
    // Each row carries its own organization, and the update joins on it: a batch never writes across tenants.
    await crossTenantSql(em, 'webhooks: first successes of many organizations recorded in one statement').run(
      sql`with done (id, organization_id, attempt_id, code, body, duration, scheduled_for, attempted_at) as (
         values ${joinSql(
           batch.map(
             (s) =>
               sql`(${s.deliveryId}, ${s.organizationId}::uuid, ${s.attemptId}, ${s.responseCode}::int, ${s.responseBody}, ${s.durationMs}::int, ${s.scheduledFor}::timestamptz, ${s.attemptedAt}::timestamptz)`,
           ),
           ', ',
         )}
       ), updated as (
         update webhooks.deliveries d
            set status = 'SUCCESS', attempt_count = 1, response_code = done.code, error = null,
                attempted_at = done.attempted_at, next_attempt_at = null, updated_at = now()
           from done
          where d.id = done.id and d.organization_id = done.organization_id and d.status = 'PENDING' and d.attempt_count = 0
         returning d.id
       )
       insert into webhooks.attempts (id, organization_id, delivery_id, slot, manual, success, response_code, response_body, error, duration_ms, scheduled_for, attempted_at)
       select done.attempt_id, done.organization_id, done.id, 1, false, true, done.code, done.body, null, done.duration, done.scheduled_for, done.attempted_at
         from done join updated on updated.id = done.id`,
    );
  }
}
