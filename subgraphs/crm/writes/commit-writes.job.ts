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

/**
 * Commits accepted writes: under an advisory lock on the target, every accepted write to it up to this one, in
 * acceptance order (a PATCH never overtakes its POST). Idempotent: a rerun finds them COMMITTED and does nothing.
 * A failure reschedules the job (Agenda does not retry by itself), so an accepted write is never dropped.
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
        await drain(deps, em, data.organizationId);
      } catch (error) {
        logger.warn('crm write commit failed; retrying', { error: (error as Error).message, writeId: data.writeId });
        await deps.jobs.enqueue(em, COMMIT_WRITES_JOB, data, new Date(Date.now() + 1000));
      }
    },
  };
}

/**
 * Under load jobs queue up behind each other; a worker that finished its own target commits the organization's other
 * waiting targets (those no other worker holds), so the jobs that follow find their writes done and end at once.
 */
async function drain(deps: CrmDeps, em: EntityManager, org: string): Promise<void> {
  for (let round = 0; round < 25; round++) {
    const waiting = await em.execute<{ target: string; writeId: string }[]>(
      `select target_external_id as target, max(id)::text as "writeId" from crm.pending_writes where organization_id = ? and status = 'ACCEPTED'
       group by target_external_id order by min(id) limit 8`, [org]);
    let progressed = false;
    for (const w of waiting) if (await commitTarget(deps, em, { organizationId: org, ...w }, true)) progressed = true;
    if (!progressed) return;
  }
}

/** Commits a target's accepted writes up to `writeId`; with `tryLock`, gives up (false) when another worker holds the target. */
export async function commitTarget(deps: CrmDeps, em: EntityManager, { organizationId: org, writeId, target }: CommitJobData, tryLock = false): Promise<boolean> {
  return em.transactional(async (tx) => {
    const lockKey = `crm:${org}:${target}`;
    if (tryLock) {
      const got = await tx.execute<{ ok: boolean }[]>('select pg_try_advisory_xact_lock(hashtext(?)) as ok', [lockKey]);
      if (!got[0]!.ok) return false;
    } else {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [lockKey]);
    }
    const writes = await tx.execute<(PendingWriteRow & { entity: string })[]>(
      `select id, entity, operation, payload, accepted_at as "acceptedAt", target_external_id as target from crm.pending_writes
       where organization_id = ? and target_external_id = ? and status = 'ACCEPTED' and id <= ? order by id`,
      [org, target, writeId],
    );
    const touched: string[] = [];
    const activities: string[] = [];
    let fields: Set<string> | 'all' = new Set<string>();
    for (const write of writes) {
      const applier = appliers[write.entity];
      const result = applier ? await applier(tx, org, write) : { error: `No applier for ${write.entity}`, changed: [] };
      touched.push(...result.changed);
      activities.push(...(result.activities ?? []));
      if (result.changed.length > 0 && fields !== 'all') {
        const touched = result.fields ?? 'all';
        if (touched === 'all') fields = 'all';
        else for (const f of touched) fields.add(f);
      }
      await tx.execute(`update crm.pending_writes set status = ?, error = ?, committed_at = clock_timestamp() where id = ?`, [result.error ? 'FAILED' : 'COMMITTED', result.error ?? null, write.id]);
      if (write.entity === 'contact' && write.operation === 'merge') await reconcileEmailClaims(tx, org, String(write.payload.loserExternalId));
    }
    if (writes.some((w) => w.entity === 'contact')) await reconcileEmailClaims(tx, org, target);
    if (touched.length > 0) await afterContactsChanged(tx, deps.jobs, org, fields === 'all' ? 'all' : [...fields]);
    await queueForIntegrations(tx, deps.jobs, org, touched, activities);
    return writes.length > 0;
  });
}
