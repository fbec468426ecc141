import { raw, type EntityManager } from '@mikro-orm/postgresql';
import type { EntityName, FilterQuery, QueryOrderMap } from '@mikro-orm/core';

export interface PageQuery<T> {
  limit: number;
  offset: number;
  orderBy: QueryOrderMap<T>;
}

/**
 * One page of an organization's rows and the total, in one round trip, as plain objects.
 * Lists are read-only, so they skip entity hydration (most of a list request's CPU); the QueryBuilder
 * ignores filters unless asked, so the tenant filter is applied here and list code never builds its own.
 */
export async function findPage<T extends object>(em: EntityManager, entity: EntityName<T>, where: FilterQuery<T>, page: PageQuery<T>): Promise<{ rows: T[]; total: number }> {
  const meta = em.getMetadata().get((entity as { name: string }).name ?? String(entity));
  const columns = meta.props.filter((p) => !p.lazy && p.persist !== false && p.kind === 'scalar').map((p) => p.name);
  const qb = em.createQueryBuilder(entity)
    .select([...columns, raw('count(*) over() as "__total"')] as never)
    .where(where)
    .orderBy(page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  await qb.applyFilters();
  const rows = (await qb.execute('all', true)) as (T & { __total?: string | number })[];
  // Past the last page there is no row to carry the total: count separately only then.
  const total = rows.length > 0 ? Number(rows[0]!.__total) : page.offset === 0 ? 0 : await em.count(entity, where);
  for (const row of rows) delete row.__total;
  return { rows, total };
}
