import type { EntityManager } from '@mikro-orm/postgresql';
import type { Jobs } from '../../../platform/jobs/jobs.js';
import { INTEGRATION_PUSH_JOB, type PushJobData } from './integration-push.job.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

/**
 * In the commit transaction: queues changed contacts and new activities for every connected integration, and
 * wakes each integration's push job unless one is already waiting. A contact already queued gets a newer
 * `created_at`, so a push in flight for its older state does not delete the entry (no lost change).
 */
export async function queueForIntegrations(
  tx: EntityManager,
  jobs: Jobs,
  org: string,
  contactIds: string[],
  activityIds: string[],
): Promise<void> {
  if (contactIds.length === 0 && activityIds.length === 0) return;
  const db = tenantSql(tx);
  const integrations = await db.rows<{ id: number }>(
    sql`select id from crm.integrations where organization_id = ${ORG}`,
  );
  if (integrations.length === 0) return;
  for (const { id } of integrations) {
    for (const [kind, ids] of [
      ['contact', [...new Set(contactIds)]],
      ['activity', activityIds],
    ] as const) {
      if (ids.length === 0) continue;
      await db.run(
        sql`insert into crm.integration_outbox (organization_id, integration_id, kind, ref_id, created_at)
         select ${ORG}, ${id}, ${kind}, unnest(${`{${ids.join(',')}}`}::bigint[]), clock_timestamp()
         on conflict (integration_id, kind, ref_id) do update set created_at = excluded.created_at`,
      );
    }
  }
  const woken = await db.rows<{ id: number }>(
    sql`update crm.integrations set push_pending = true where organization_id = ${ORG} and not push_pending returning id`,
  );
  for (const { id } of woken)
    await jobs.enqueue(tx, INTEGRATION_PUSH_JOB, { organizationId: org, integrationId: id } satisfies PushJobData);
}
