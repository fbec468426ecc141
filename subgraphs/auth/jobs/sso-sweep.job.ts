import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import { crossTenantSql, sql } from '../../../platform/orm/tenant-sql.js';
import type { AuthDeps } from '../auth-deps.js';

export const SSO_SWEEP_JOB = 'auth.sso-sweep';
/** Rows deleted per statement: a large backlog goes in short statements, each holding few locks. */
const BATCH = 5000;
const WHY = 'SSO sweep: deletes expired sign-in flows and replay records of every organization';

/**
 * Deletes what SSO keeps only while it can still be used: sign-in flows past their expiry (a started flow lives minutes,
 * its code 60 s), and the assertion ids kept against replay once the assertion itself has expired (a replay is refused
 * by its own NotOnOrAfter from then on). Idempotent; several processes may run it at once.
 */
export async function runSsoSweep(
  deps: Pick<AuthDeps, 'orm' | 'now'>,
): Promise<{ flows: number; assertionIds: number }> {
  const root = deps.orm.em.fork({ clear: true, useContext: false, disableFilters: true } as never) as EntityManager;
  const db = crossTenantSql(root, WHY);
  const now = deps.now();
  const [flows, assertionIds] = [
    await deleteExpired(() =>
      db.rows<{ n: number }>(sql`
      with gone as (delete from auth.sso_flows where ctid in (select ctid from auth.sso_flows where expires_at < ${now} limit ${BATCH}) returning 1)
      select count(*)::int as n from gone`),
    ),
    await deleteExpired(() =>
      db.rows<{ n: number }>(sql`
      with gone as (delete from auth.sso_assertion_ids where ctid in (select ctid from auth.sso_assertion_ids where expires_at < ${now} limit ${BATCH}) returning 1)
      select count(*)::int as n from gone`),
    ),
  ];
  return { flows, assertionIds };
}

/** Runs one batch delete until a batch comes back short; the rows deleted in all. */
async function deleteExpired(batch: () => Promise<{ n: number }[]>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = (await batch())[0]!.n;
    total += n;
    if (n < BATCH) return total;
  }
}

export function ssoSweepJob(deps: AuthDeps): JobDefinition<object> {
  return {
    name: SSO_SWEEP_JOB,
    concurrency: 1,
    handler: async (_data, ctx) => {
      const counts = await runSsoSweep(deps);
      if (counts.flows + counts.assertionIds > 0) ctx.logger.info('expired SSO records deleted', counts);
    },
  };
}
