import type { EntityManager } from '@mikro-orm/postgresql';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import type { CrmDeps } from '../crm-deps.js';
import { commitTarget } from './commit-writes.js';
import type { CommitTarget } from './pending-writes.js';
import { crossTenantSql, sql } from '../../../platform/orm/tenant-sql.js';

/** Accepted writes older than this are committed by the sweeper, whatever became of their notification. */
const STALE_MS = 10_000;

/**
 * The safety net behind the commit lane: a lost NOTIFY or a process killed mid-batch leaves writes ACCEPTED; every
 * few seconds, any process serving CRM commits such stale writes. Commits are idempotent and serialised per target,
 * so two sweepers (or a sweeper and the lane) never apply a write twice.
 */
export function startWriteSweeper(deps: CrmDeps, intervalMs = 5_000): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const root = deps.orm.em.fork({
        clear: true,
        useContext: false,
        disableFilters: true,
      } as never) as unknown as EntityManager;
      const stale = await crossTenantSql(
        root,
        'crm: the sweeper commits stale writes of every organization',
      ).rows<CommitTarget>(
        sql`select distinct organization_id as "organizationId", target_external_id as target from crm.pending_writes
         where status = 'ACCEPTED' and accepted_at < clock_timestamp() - make_interval(secs => ${STALE_MS / 1000}) limit 200`,
      );
      for (const data of stale)
        await commitTarget(deps, forkForTenant(deps.orm.em, data.organizationId) as unknown as EntityManager, data);
    } catch (error) {
      deps.logger.warn('crm write sweep failed', { error: (error as Error).message });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
