import type { EntityManager } from '@mikro-orm/postgresql';
import { CqlQueryService } from '../cql/cql-query.service.js';
import type { Node } from '../cql/cql-ast.js';
import { ORG, sql, sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';

const cql = new CqlQueryService();

/** A list's stored criteria as a CQL tree: a filter object, or a `where` string. */
export function criteriaTree(criteria: unknown): Node | null {
  if (criteria === null || criteria === undefined) return null;
  return typeof criteria === 'string' ? cql.parse({ where: criteria }) : cql.parse({ filter: criteria });
}

/**
 * Re-evaluates a dynamic list in one set-based statement: the CQL selection, members no longer matching
 * deleted, new ones inserted (INSERT … SELECT), count and sequence stamped. Never a loop over contacts.
 */
export async function evaluateList(em: EntityManager, listId: number): Promise<number | null> {
  // Short first step: clear the mark, so contact changes from now on mark the list again (and get their own run).
  const rows = await tenantSql(em).rows<{ filter_criteria: unknown; requested_seq: number }>(
    sql`update crm.lists set needs_evaluation = false where organization_id = ${ORG} and id = ${listId} and is_dynamic returning filter_criteria, requested_seq`,
  );
  const list = rows[0];
  if (!list) return null;
  return em.transactional(async (tx) => {
    // Runs of one list take turns; contact commits never wait for a run (they only touch the list row briefly).
    const db = tenantSql(tx);
    await db.rows(sql`select pg_advisory_xact_lock(hashtext('crm:list:' || ${ORG} || ':' || ${String(listId)}))`);
    // A property deleted after the list was made still has its values: the stored filter keeps evaluating.
    // Members that no longer match are found by primary-key lookups on contacts, not against the `target` CTE: right
    // after a big evaluation the planner still counts list_members as nearly empty and anti-joined 50,000 members
    // against 50,000 CTE rows in a nested loop (minutes); the lookup costs the same whatever the statistics say.
    const { sql: condition, params } = await cql.compile(tx, 'contact', criteriaTree(list.filter_criteria), true);
    const result = await db.rows<{ member_count: number }>(
      sqlOf(
        `with target as (select c.id from crm.contacts c where c.organization_id = ? and ${condition}),
       removed as (delete from crm.list_members m where m.organization_id = ? and m.list_id = ?
         and not exists (select 1 from crm.contacts c where c.organization_id = ? and c.id = m.contact_id and ${condition})),
       added as (insert into crm.list_members (organization_id, list_id, contact_id, added_at) select ?, ?, t.id, now() from target t on conflict do nothing)
       update crm.lists set member_count = (select count(*) from target), last_evaluated_at = now(), evaluated_seq = greatest(evaluated_seq, ?)
       where organization_id = ? and id = ? returning member_count`,
        [ORG, ...params, ORG, listId, ORG, ...params, ORG, listId, list.requested_seq, ORG, listId],
      ),
    );
    return result[0]?.member_count ?? null;
  });
}
