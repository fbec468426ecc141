import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import type { WebhooksDeps } from '../webhooks-deps.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

export const FIRST_ATTEMPTS_JOB = 'webhooks.first-attempts';

/** The deliveries one dispatch batch created for one organization. */
export interface FirstAttemptsJobData {
  organizationId: string;
  deliveryIds: string[];
}

/**
 * The durable side of the first attempts: stored in the dispatch transaction to run a little after the lane should
 * have made them (FirstAttemptLane), it makes whichever are still unrecorded, e.g. after a crash. Usually a no-op.
 */
export function firstAttemptsJob(deps: WebhooksDeps): JobDefinition<FirstAttemptsJobData> {
  return {
    name: FIRST_ATTEMPTS_JOB,
    concurrency: 5,
    lockLifetimeMs: deps.config.webhooks.timeoutMs * 4 + 5_000,
    handler: async ({ organizationId, deliveryIds }, { em, logger }) => {
      const pending = await tenantSql(em).rows<{ id: string }>(
        sql`select id from webhooks.deliveries where id in (${deliveryIds}) and organization_id = ${ORG} and status = 'PENDING' and attempt_count = 0`,
      );
      logger.debug('first attempts fallback', { total: deliveryIds.length, unrecorded: pending.length });
      // A few at a time: this runs after a crash, when many may be due at once.
      for (let i = 0; i < pending.length; i += 10) {
        await Promise.all(
          pending
            .slice(i, i + 10)
            .map(({ id }) =>
              deps.attempts.run(
                forkForTenant(em, organizationId) as EntityManager,
                { organizationId, deliveryId: id, slot: 1 },
                logger,
              ),
            ),
        );
      }
    },
  };
}
