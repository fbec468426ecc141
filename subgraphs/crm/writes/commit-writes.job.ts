import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import type { CrmDeps } from '../crm-deps.js';
import { applyContactWrite, reconcileEmailClaims, type AppliedWrite, type PendingWriteRow } from '../contacts/contact-commit.js';
import { applyActivityWrite } from '../activities/activity.service.js';
import { COMMIT_WRITES_JOB, type CommitJobData } from './pending-writes.js';
import { afterContactsChanged } from '../lists/list-triggers.js';

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
    concurrency: 20,
    // Short lock: after a crash another process takes the job over within seconds.
    lockLifetimeMs: 10_000,
    handler: async (data, { em, logger }) => {
      try {
        await beforeCommit?.();
        await commitTarget(deps, em, data);
      } catch (error) {
        logger.warn('crm write commit failed; retrying', { error: (error as Error).message, writeId: data.writeId });
        await deps.jobs.enqueue(em, COMMIT_WRITES_JOB, data, new Date(Date.now() + 1000));
      }
    },
  };
}

export async function commitTarget(deps: CrmDeps, em: EntityManager, { organizationId: org, writeId, target }: CommitJobData): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`crm:${org}:${target}`]);
    const writes = await tx.execute<(PendingWriteRow & { entity: string })[]>(
      `select id, entity, operation, payload, accepted_at as "acceptedAt", target_external_id as target from crm.pending_writes
       where organization_id = ? and target_external_id = ? and status = 'ACCEPTED' and id <= ? order by id`,
      [org, target, writeId],
    );
    const touched: string[] = [];
    for (const write of writes) {
      const applier = appliers[write.entity];
      const result = applier ? await applier(tx, org, write) : { error: `No applier for ${write.entity}`, changed: [] };
      touched.push(...result.changed);
      await tx.execute(`update crm.pending_writes set status = ?, error = ?, committed_at = clock_timestamp() where id = ?`, [result.error ? 'FAILED' : 'COMMITTED', result.error ?? null, write.id]);
      if (write.entity === 'contact' && write.operation === 'merge') await reconcileEmailClaims(tx, org, String(write.payload.loserExternalId));
    }
    if (writes.some((w) => w.entity === 'contact')) await reconcileEmailClaims(tx, org, target);
    if (touched.length > 0) await afterContactsChanged(tx, deps.jobs, org);
  });
}
