import type { EntityManager } from '@mikro-orm/postgresql';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

/**
 * Takes one request slot of an integration's sliding window (`limit` requests per `windowMs`), shared by every process:
 * the integration row is locked while the window is counted. Answers when the next slot frees up if none is left.
 */
export async function acquireSlot(
  em: EntityManager,
  integrationId: number,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<{ ok: true } | { ok: false; retryAt: Date }> {
  return em.transactional(async (tx) => {
    const db = tenantSql(tx);
    // integration_requests has no organization column: each statement reaches it through the organization's integration.
    const own = sql`(select id from crm.integrations where organization_id = ${ORG} and id = ${integrationId})`;
    await db.rows(
      sql`select id from crm.integrations where organization_id = ${ORG} and id = ${integrationId} for update`,
    );
    const since = new Date(now.getTime() - windowMs);
    await db.run(sql`delete from crm.integration_requests where integration_id = ${own} and sent_at <= ${since}`);
    const rows = await db.rows<{ n: number; oldest: Date | null }>(
      sql`select count(*)::int as n, min(sent_at) as oldest from crm.integration_requests where integration_id = ${own} and sent_at > ${since}`,
    );
    if (rows[0]!.n >= limit)
      return { ok: false as const, retryAt: new Date(new Date(rows[0]!.oldest!).getTime() + windowMs + 1) };
    await db.run(
      sql`insert into crm.integration_requests (integration_id, sent_at) select id, ${now} from ${own} as i`,
    );
    return { ok: true as const };
  });
}
