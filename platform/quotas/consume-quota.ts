import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../errors/domain-error.js';
import { PLANS, type PlanName, type QuotaResource } from '../rate-limit/plans.js';
import { tenantOf } from '../orm/tenant-of.js';

/** The calendar month a usage row counts (UTC), and when it resets. */
function monthPeriod(now: Date) {
  const period = now.toISOString().slice(0, 7);
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { period, resetsAt };
}

/**
 * Counts `amount` units of a monthly quota inside the caller's transaction. The upsert takes a row lock, so
 * concurrent sends cannot overshoot; when the plan's allowance would be exceeded the transaction is aborted
 * with QUOTA_EXCEEDED and the counter rolls back with it.
 */
export async function consumeQuota(em: EntityManager, plan: PlanName, resource: QuotaResource, amount: number, now = new Date()): Promise<void> {
  const quota = PLANS[plan].quotas[resource];
  const { period, resetsAt } = monthPeriod(now);
  const rows = await em.execute<{ used: string }[]>(
    `insert into platform.usage (organization_id, resource, period, used) values (?, ?, ?, ?)
     on conflict (organization_id, resource, period) do update set used = platform.usage.used + excluded.used
     returning used`,
    [tenantOf(em), resource, period, amount],
  );
  const used = Number(rows[0]!.used);
  if (quota !== null && used > quota) {
    throw new DomainError('QUOTA_EXCEEDED', `Monthly ${resource} quota of the ${plan} plan is used up`, {
      quota,
      used: used - amount,
      resetsAt: resetsAt.toISOString(),
    });
  }
}
