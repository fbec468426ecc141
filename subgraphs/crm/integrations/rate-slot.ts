import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Takes one request slot of an integration's sliding window (`limit` requests per `windowMs`), shared by every process:
 * the integration row is locked while the window is counted. Answers when the next slot frees up if none is left.
 */
export async function acquireSlot(em: EntityManager, integrationId: number, limit: number, windowMs: number, now: Date): Promise<{ ok: true } | { ok: false; retryAt: Date }> {
  return em.transactional(async (tx) => {
    await tx.execute('select id from crm.integrations where id = ? for update', [integrationId]);
    const since = new Date(now.getTime() - windowMs);
    await tx.execute('delete from crm.integration_requests where integration_id = ? and sent_at <= ?', [integrationId, since]);
    const rows = await tx.execute<{ n: number; oldest: Date | null }[]>(
      'select count(*)::int as n, min(sent_at) as oldest from crm.integration_requests where integration_id = ? and sent_at > ?', [integrationId, since]);
    if (rows[0]!.n >= limit) return { ok: false as const, retryAt: new Date(new Date(rows[0]!.oldest!).getTime() + windowMs + 1) };
    await tx.execute('insert into crm.integration_requests (integration_id, sent_at) values (?, ?)', [integrationId, now]);
    return { ok: true as const };
  });
}
