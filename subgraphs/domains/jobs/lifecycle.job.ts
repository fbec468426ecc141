import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import type { Logger } from '../../../platform/logging/logger.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { crossTenantSql, ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { Domain } from '../entities/domain.entity.js';
import { parseDomainName } from '../names/domain-name.js';
import { quote } from '../names/pricing.js';
import type { DomainsDeps } from '../domains-deps.js';
import { emitDomainEvent, notifyZoneChanged } from '../shared/domain-events.js';
import { registrarCall } from '../shared/domain-lookup.js';

export const LIFECYCLE_JOB = 'domains.lifecycle';
/** domain.expiring_soon fires within 30 days of expiry. */
export const EXPIRING_SOON_DAYS = 30;
const DAY_MS = 86_400_000;
const WHY = 'lifecycle sweep: finds due domains of every organization, then works on each in its own tenant';

interface Due {
  id: string;
  organization_id: string;
}

/**
 * The lifecycle sweep, recurring on Agenda: auto-renew (within DOMAIN_AUTO_RENEW_DAYS_BEFORE days of expiry), then
 * domain.expiring_soon (once per expiry: the expiry it was sent for is recorded in the same statement that claims it),
 * then domain.expired for what passed its expiry. Each step is a conditional write, so overlapping runs in several
 * processes, or a run again after a crash, send nothing twice.
 */
export async function runLifecycle(
  deps: DomainsDeps,
  logger: Logger,
): Promise<{ renewed: number; expiringSoon: number; expired: number }> {
  const now = deps.clock.now();
  const root = deps.orm.em.fork({ clear: true, useContext: false, disableFilters: true } as never) as EntityManager;
  const db = crossTenantSql(root, WHY);
  const counts = { renewed: 0, expiringSoon: 0, expired: 0 };

  const renewBy = new Date(now.getTime() + deps.domains.autoRenewDaysBefore * DAY_MS);
  for (const due of await db.rows<Due>(
    sql`select id, organization_id from domains.domains where status = 'ACTIVE' and auto_renew and expires_at <= ${renewBy} order by expires_at limit 1000`,
  )) {
    try {
      if (await autoRenew(deps, forkForTenant(deps.orm.em, due.organization_id), due.id, renewBy)) counts.renewed++;
    } catch (error) {
      logger.warn('auto-renew failed; the domain will expire unless renewed', {
        domainId: due.id,
        error: (error as Error).message,
      });
    }
  }

  const soonBy = new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS);
  for (const due of await db.rows<Due>(
    sql`select id, organization_id from domains.domains where status = 'ACTIVE' and expires_at > ${now} and expires_at <= ${soonBy} and expiry_notice_for is distinct from expires_at limit 1000`,
  )) {
    const em = forkForTenant(deps.orm.em, due.organization_id);
    const sent = await em.transactional(async (tx) => {
      const [claimed] = await tenantSql(tx).rows<{ id: string }>(sql`
        update domains.domains set expiry_notice_for = expires_at
        where organization_id = ${ORG} and id = ${due.id} and status = 'ACTIVE' and expiry_notice_for is distinct from expires_at returning id`);
      if (!claimed) return false;
      const domain = await tx.findOneOrFail(Domain, { id: due.id });
      await emitDomainEvent(tx, 'domain.expiring_soon', domain, {
        daysLeft: Math.ceil((new Date(domain.expiresAt).getTime() - now.getTime()) / DAY_MS),
      });
      return true;
    });
    if (sent) counts.expiringSoon++;
  }

  for (const due of await db.rows<Due>(
    sql`select id, organization_id from domains.domains where status = 'ACTIVE' and expires_at <= ${now} limit 1000`,
  )) {
    const em = forkForTenant(deps.orm.em, due.organization_id);
    const sent = await em.transactional(async (tx) => {
      const [claimed] = await tenantSql(tx).rows<{ id: string }>(sql`
        update domains.domains set status = 'EXPIRED', updated_at = ${now} where organization_id = ${ORG} and id = ${due.id} and status = 'ACTIVE' and expires_at <= ${now} returning id`);
      if (!claimed) return false;
      const domain = await tx.findOneOrFail(Domain, { id: due.id });
      await emitDomainEvent(tx, 'domain.expired', domain);
      await notifyZoneChanged(tx, domain.domainName);
      return true;
    });
    if (sent) counts.expired++;
  }
  return counts;
}

async function autoRenew(deps: DomainsDeps, em: EntityManager, id: string, renewBy: Date): Promise<boolean> {
  return em.transactional(async (tx) => {
    const domain = await tx.findOne(Domain, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    // Another run renewed it meanwhile, or the holder turned auto-renew off.
    if (!domain || domain.status !== 'ACTIVE' || !domain.autoRenew || new Date(domain.expiresAt) > renewBy)
      return false;
    const name = parseDomainName(domain.domainName, deps.domains.tlds);
    const price = quote(deps.domains, name, 'renew').price;
    const { expiresAt } = await deps.registrar.renew(registrarCall(tx, deps.clock), domain.domainName, 1, price);
    domain.expiresAt = expiresAt;
    await tx.flush();
    await emitDomainEvent(tx, 'domain.renewed', domain, { years: 1, price, currency: 'USD', automatic: true });
    return true;
  });
}

export function lifecycleJob(deps: DomainsDeps): JobDefinition<object> {
  return {
    name: LIFECYCLE_JOB,
    concurrency: 1,
    handler: async (_data, ctx) => {
      await runLifecycle(deps, ctx.logger);
    },
  };
}
