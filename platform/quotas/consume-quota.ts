import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../errors/domain-error.js';
import { PLANS, type PlanName, type QuotaResource } from '../rate-limit/plans.js';
import { ORG, sql, tenantSql } from '../orm/tenant-sql.js';

/** The calendar month a usage row counts (UTC), and when it resets. */
function monthPeriod(now: Date) {
  const period = now.toISOString().slice(0, 7);
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { period, resetsAt };
}

function quotaExceeded(
  plan: PlanName,
  resource: QuotaResource,
  quota: number,
  usedBefore: number,
  resetsAt: Date,
): DomainError {
  return new DomainError('QUOTA_EXCEEDED', `Monthly ${resource} quota of the ${plan} plan is used up`, {
    quota,
    used: usedBefore,
    resetsAt: resetsAt.toISOString(),
  });
}

/**
 * Counts `amount` units of a monthly quota inside the caller's transaction. The upsert takes a row lock, so
 * concurrent sends cannot overshoot; when the plan's allowance would be exceeded the transaction is aborted
 * with QUOTA_EXCEEDED and the counter rolls back with it.
 */
export async function consumeQuota(
  em: EntityManager,
  plan: PlanName,
  resource: QuotaResource,
  amount: number,
  now = new Date(),
): Promise<void> {
  const quota = PLANS[plan].quotas[resource];
  const { period, resetsAt } = monthPeriod(now);
  const row = await tenantSql(em).one<{ used: string }>(sql`
    insert into platform.usage (organization_id, resource, period, used) values (${ORG}, ${resource}, ${period}, ${amount})
    on conflict (organization_id, resource, period) do update set used = platform.usage.used + excluded.used
    returning used`);
  const used = Number(row!.used);
  if (quota !== null && used > quota) throw quotaExceeded(plan, resource, quota, used - amount, resetsAt);
}

/** A quota count as the body of a data-modifying CTE, for writes done in one statement (no transaction to roll back). */
export interface QuotaCount {
  /** `insert into platform.usage … returning used`: one row when counted, none when the allowance would be exceeded. */
  sql: string;
  /** The plan has an allowance (the text has its guard); without one every count fits. */
  capped: boolean;
  params: unknown[];
  /** A select of the units used before this statement (its snapshot), for the error. */
  usedBeforeSql: string;
  usedBeforeParams: unknown[];
  /** The QUOTA_EXCEEDED error for the usage read by `usedBeforeSql`. */
  exceeded(usedBefore: number): DomainError;
}

/**
 * Counts `amount` units only when they fit the plan's allowance: the upsert's row lock serialises concurrent counts
 * like consumeQuota's, but instead of aborting a transaction it counts nothing and returns no row, so the CTEs that
 * chain on it (`from <this cte>`) write nothing either. `from` guards the count itself on an earlier CTE. Inside a
 * `tenantSql` statement pass `ORG` as the organization, so the statement binds its own.
 */
export function countQuotaIfAllowed(
  organizationId: string | typeof ORG,
  plan: PlanName,
  resource: QuotaResource,
  amount: number,
  from = '',
  now = new Date(),
): QuotaCount {
  const quota = PLANS[plan].quotas[resource];
  const { period, resetsAt } = monthPeriod(now);
  return {
    sql: `insert into platform.usage (organization_id, resource, period, used) select ?, ?, ?, ? ${from} ${quota === null ? '' : 'where ?::bigint <= ?::bigint'}
          on conflict (organization_id, resource, period) do update set used = platform.usage.used + excluded.used
          ${quota === null ? '' : 'where platform.usage.used + excluded.used <= ?::bigint'}
          returning used`,
    capped: quota !== null,
    params: [organizationId, resource, period, amount, ...(quota === null ? [] : [amount, quota, quota])],
    usedBeforeSql: 'select used from platform.usage where organization_id = ? and resource = ? and period = ?',
    usedBeforeParams: [organizationId, resource, period],
    exceeded: (usedBefore) => quotaExceeded(plan, resource, quota ?? Infinity, usedBefore, resetsAt),
  };
}
