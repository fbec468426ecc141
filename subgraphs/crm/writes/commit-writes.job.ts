import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import type { CrmDeps } from '../crm-deps.js';
import { applyContactWrite, reconcileEmailClaims, type AppliedWrite, type PendingWriteRow } from '../contacts/contact-commit.js';
import { applyActivityWrite } from '../activities/activity.service.js';
import { COMMIT_WRITES_JOB, type CommitJobData } from './pending-writes.js';
import { afterContactsChanged } from '../lists/list-triggers.js';
import { queueForIntegrations } from '../integrations/integration-triggers.js';

type Applier = (tx: EntityManager, org: string, write: PendingWriteRow) => Promise<AppliedWrite>;
const appliers: Record<string, Applier> = { contact: applyContactWrite, activity: applyActivityWrite };

/** Targets one drain transaction commits together. */
const DRAIN_BATCH = 50;

/**
 * Commits accepted writes: under an advisory lock on each target, every accepted write to it, in acceptance order
 * (a PATCH never overtakes its POST). Idempotent: a rerun finds them COMMITTED and does nothing. A failure
 * reschedules the job (Agenda does not retry by itself), so an accepted write is never dropped.
 */
export function commitWritesJob(deps: CrmDeps, beforeCommit?: () => Promise<void>): JobDefinition<CommitJobData> {
  return {
    name: COMMIT_WRITES_JOB,
    // Below the connection pool: commits blocked on a lock must leave connections for the requests that accept writes.
    concurrency: 4,
    lockLifetimeMs: 60_000,
    handler: async (data, { em, logger }) => {
      try {
        await beforeCommit?.();
        await commitTarget(deps, em, data);
      } catch (error) {
        logger.warn('crm write commit failed; retrying', { error: (error as Error).message, writeId: data.writeId });
        await deps.jobs.enqueue(em, COMMIT_WRITES_JOB, data, new Date(Date.now() + 1000));
        return;
      }
      // Helping out is best effort: a batch that fails leaves its writes to their own jobs.
      await drain(deps, em, data.organizationId).catch((error) => logger.warn('crm drain failed', { error: (error as Error).message }));
    },
  };
}

/**
 * Under load jobs queue up behind each other; a worker that finished its own target commits the organization's other
 * waiting targets (those no other worker holds) in batches, one transaction each, so the jobs that follow find their
 * writes done and end at once.
 */
async function drain(deps: CrmDeps, em: EntityManager, org: string): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const waiting = await em.execute<{ target: string }[]>(
      `select target_external_id as target from crm.pending_writes where organization_id = ? and status = 'ACCEPTED'
       group by target_external_id order by min(id) limit ?`, [org, DRAIN_BATCH]);
    if (waiting.length === 0) return;
    if ((await commitTargets(deps, em, org, waiting.map((w) => w.target), true)) === 0) return;
  }
}

/** Commits one target's accepted writes, waiting for its lock (the job's own target, the sweeper's). */
export async function commitTarget(deps: CrmDeps, em: EntityManager, { organizationId, target }: CommitJobData, tryLock = false): Promise<boolean> {
  return (await commitTargets(deps, em, organizationId, [target], tryLock)) > 0;
}

/**
 * Commits the accepted writes of several targets in one transaction: locks them (with `tryLock`, skips those another
 * worker holds), applies their writes in acceptance order, then settles email claims, dynamic lists and integrations
 * once for the batch. Answers how many writes it committed or failed.
 */
export async function commitTargets(deps: CrmDeps, em: EntityManager, org: string, targets: string[], tryLock: boolean): Promise<number> {
  return em.transactional(async (tx) => {
    // The accepted writes are already durable: if this commit is lost in a crash they are still ACCEPTED and commit
    // again, so it need not wait for its WAL flush (the accept transaction does).
    await tx.execute('set local synchronous_commit = off');
    const locked: string[] = [];
    for (const target of targets) {
      const lockKey = `crm:${org}:${target}`;
      if (tryLock) {
        const got = await tx.execute<{ ok: boolean }[]>('select pg_try_advisory_xact_lock(hashtext(?)) as ok', [lockKey]);
        if (got[0]!.ok) locked.push(target);
      } else {
        await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [lockKey]);
        locked.push(target);
      }
    }
    if (locked.length === 0) return 0;
    const writes = await tx.execute<(PendingWriteRow & { entity: string })[]>(
      `select id, entity, operation, payload, accepted_at as "acceptedAt", target_external_id as target from crm.pending_writes
       where organization_id = ? and status = 'ACCEPTED' and target_external_id in (${locked.map(() => '?').join(', ')}) order by id`,
      [org, ...locked],
    );
    const touched: string[] = [];
    const activities: string[] = [];
    const committed: string[] = [];
    const claimTargets = new Set<string>();
    let fields: Set<string> | 'all' = new Set<string>();
    for (const write of writes) {
      const applier = appliers[write.entity];
      const result = applier ? await applier(tx, org, write) : { error: `No applier for ${write.entity}`, changed: [] };
      touched.push(...result.changed);
      activities.push(...(result.activities ?? []));
      if (result.changed.length > 0 && fields !== 'all') {
        const changedFields = result.fields ?? 'all';
        if (changedFields === 'all') fields = 'all';
        else for (const f of changedFields) fields.add(f);
      }
      if (result.error) await tx.execute(`update crm.pending_writes set status = 'FAILED', error = ?, committed_at = clock_timestamp() where id = ?`, [result.error, write.id]);
      else committed.push(String(write.id));
      if (write.entity === 'contact') claimTargets.add(write.target);
      if (write.entity === 'contact' && write.operation === 'merge') claimTargets.add(String(write.payload.loserExternalId));
    }
    if (committed.length > 0) {
      await tx.execute(`update crm.pending_writes set status = 'COMMITTED', committed_at = clock_timestamp() where id in (${committed.map(() => '?').join(', ')})`, committed);
    }
    if (claimTargets.size > 0) await reconcileEmailClaims(tx, org, [...claimTargets]);
    if (touched.length > 0) await afterContactsChanged(tx, deps.jobs, org, fields === 'all' ? 'all' : [...fields]);
    await queueForIntegrations(tx, deps.jobs, org, touched, activities);
    return writes.length;
  });
}
