import type { EntityManager } from '@mikro-orm/postgresql';
import type { CrmDeps } from '../crm-deps.js';
import {
  applyContactWrite,
  reconcileEmailClaims,
  type AppliedWrite,
  type PendingWriteRow,
} from '../contacts/contact-commit.js';
import { applyActivityWrite } from '../activities/activity.service.js';
import { targetLockHash, type CommitTarget } from './pending-writes.js';
import { ContactRows } from './contact-rows.js';
import { afterContactsChanged } from '../lists/list-triggers.js';
import { queueForIntegrations } from '../integrations/integration-triggers.js';
import { crossTenantSql, ORG, sql, sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';

type Applier = (contacts: ContactRows, write: PendingWriteRow) => Promise<AppliedWrite>;
const appliers: Record<string, Applier> = { contact: applyContactWrite, activity: applyActivityWrite };

/** Targets one commit transaction takes together. */
const DRAIN_BATCH = 50;

/**
 * Commits the organization's oldest waiting targets (up to 50) that no other worker holds, in one transaction.
 * Answers whether more may be waiting (a full batch); callers loop, letting other organizations take turns.
 */
export async function commitNextBatch(deps: CrmDeps, em: EntityManager, org: string): Promise<boolean> {
  const waiting = await tenantSql(em).rows<{ target: string }>(
    sql`select target_external_id as target from crm.pending_writes where organization_id = ${ORG} and status = 'ACCEPTED'
     group by target_external_id order by min(id) limit ${DRAIN_BATCH}`,
  );
  if (waiting.length === 0) return false;
  const committed = await commitTargets(
    deps,
    em,
    org,
    waiting.map((w) => w.target),
    true,
  );
  // Nothing committed: every target is held by another worker, which goes on draining.
  return committed > 0 && waiting.length === DRAIN_BATCH;
}

/** Commits one target's accepted writes, waiting for its lock (the sweeper's). */
export async function commitTarget(
  deps: CrmDeps,
  em: EntityManager,
  { organizationId, target }: CommitTarget,
  tryLock = false,
): Promise<boolean> {
  return (await commitTargets(deps, em, organizationId, [target], tryLock)) > 0;
}

/**
 * Commits the accepted writes of several targets in one transaction: locks them (with `tryLock`, skips those another
 * worker holds), applies their writes in acceptance order, then settles email claims, dynamic lists and integrations
 * once for the batch. Answers how many writes it committed or failed.
 */
export async function commitTargets(
  deps: CrmDeps,
  em: EntityManager,
  org: string,
  targets: string[],
  tryLock: boolean,
): Promise<number> {
  return em.transactional(async (tx) => {
    // The accepted writes are already durable: if this commit is lost in a crash they are still ACCEPTED and commit
    // again, so it need not wait for its WAL flush (the accept transaction does).
    const db = tenantSql(tx);
    await crossTenantSql(tx, 'crm: a transaction setting, no data').run(sql`set local synchronous_commit = off`);
    const locked = await lockTargets(tx, org, targets, tryLock);
    if (locked.length === 0) return 0;
    const writes = await db.rows<PendingWriteRow & { entity: string }>(
      sqlOf(
        `select id, entity, operation, payload, accepted_at as "acceptedAt", target_external_id as target from crm.pending_writes
       where organization_id = ? and status = 'ACCEPTED' and target_external_id in (${locked.map(() => '?').join(', ')}) order by id`,
        [ORG, ...locked],
      ),
    );
    const contacts = new ContactRows(tx, org);
    await contacts.load(locked);
    const touched: string[] = [];
    const activities: string[] = [];
    const committed: string[] = [];
    const claimTargets = new Set<string>();
    let fields: Set<string> | 'all' = new Set<string>();
    for (const write of writes) {
      const applier = appliers[write.entity];
      const result = applier
        ? await applier(contacts, write)
        : { error: `No applier for ${write.entity}`, changed: [] };
      touched.push(...result.changed);
      activities.push(...(result.activities ?? []));
      if (result.fields === 'all') fields = 'all';
      else if (result.fields && fields !== 'all') for (const f of result.fields) fields.add(f);
      if (result.error)
        await db.run(
          sql`update crm.pending_writes set status = 'FAILED', error = ${result.error}, committed_at = clock_timestamp() where organization_id = ${ORG} and id = ${write.id}`,
        );
      else committed.push(String(write.id));
      if (write.entity === 'contact') claimTargets.add(write.target);
      if (write.entity === 'contact' && write.operation === 'merge')
        claimTargets.add(String(write.payload.loserExternalId));
    }
    await contacts.flush();
    touched.push(...contacts.created);
    if (committed.length > 0) {
      await db.run(
        sqlOf(
          `update crm.pending_writes set status = 'COMMITTED', committed_at = clock_timestamp() where organization_id = ? and id in (${committed.map(() => '?').join(', ')})`,
          [ORG, ...committed],
        ),
      );
    }
    if (claimTargets.size > 0) await reconcileEmailClaims(tx, [...claimTargets]);
    await afterContactsChanged(tx, deps.jobs, org, fields === 'all' ? 'all' : [...fields]);
    await queueForIntegrations(tx, deps.jobs, org, touched, activities);
    return writes.length;
  });
}

/** Takes the targets' advisory locks for the transaction; with `tryLock`, in one statement, skipping those held elsewhere. */
async function lockTargets(tx: EntityManager, org: string, targets: string[], tryLock: boolean): Promise<string[]> {
  if (!tryLock) {
    for (const target of targets)
      await tenantSql(tx).rows(sql`select pg_advisory_xact_lock(${targetLockHash(target)})`);
    return targets;
  }
  const got = await tenantSql(tx).rows<{ target: string }>(
    sql`select value as target from jsonb_array_elements_text(${JSON.stringify(targets)}::jsonb) where pg_try_advisory_xact_lock(hashtext('crm:' || ${ORG} || ':' || value))`,
  );
  return got.map((r) => r.target);
}
