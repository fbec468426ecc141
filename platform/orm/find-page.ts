import { raw, type EntityManager } from '@mikro-orm/postgresql';
import type { EntityName, FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import { bindPage, pageStatement, whereShape, withValues } from './page-statements.js';

export interface PageQuery<T> {
  limit: number;
  offset: number;
  orderBy: QueryOrderMap<T>;
}

/**
 * One page of an organization's rows and the total, in one round trip, as plain objects.
 * Lists are read-only, so they skip entity hydration (most of a list request's CPU); the QueryBuilder
 * ignores filters unless asked, so the tenant filter is applied here and list code never builds its own.
 * The SELECT of a filter's shape is built once (tenant filter included) and reused with each request's values
 * (page-statements.ts): the QueryBuilder costs more CPU than the rest of a list request's database work.
 */
export async function findPage<T extends object>(em: EntityManager, entity: EntityName<T>, where: FilterQuery<T>, page: PageQuery<T>): Promise<{ rows: T[]; total: number }> {
  const meta = em.getMetadata().get((entity as { name: string }).name ?? String(entity));
  const build = async (scoped: EntityManager, filter: FilterQuery<T>, limit: number, offset: number) => {
    const columns = meta.props.filter((p) => !p.lazy && p.persist !== false && p.kind === 'scalar').map((p) => p.name);
    const qb = scoped.createQueryBuilder(entity)
      .select([...columns, raw('count(*) over() as "__total"')] as never)
      .where(filter)
      .orderBy(page.orderBy)
      .limit(limit)
      .offset(offset);
    await qb.applyFilters();
    return { qb }; // wrapped: a QueryBuilder is thenable, so returning it from an async function would run it
  };
  const shape = whereShape(where as Record<string, unknown>);
  const statement = shape && await pageStatement(`${meta.className}|${shape.key}|${JSON.stringify(page.orderBy)}`, shape,
    (scoped, values, limit, offset) => build(scoped, withValues(shape.key ? (where as Record<string, unknown>) : {}, values) as FilterQuery<T>, limit, offset), em);
  let rows: (T & { __total?: string | number })[];
  if (statement) {
    const found = await em.getConnection().execute<Record<string, unknown>[]>(statement.sql, bindPage(statement, em, shape.values, page.limit, page.offset), 'all', em.getTransactionContext());
    rows = found.map((row) => em.getDriver().mapResult(row as never, meta) as T);
  } else {
    rows = (await (await build(em, where, page.limit, page.offset)).qb.execute('all', true)) as (T & { __total?: string | number })[];
  }
  // Past the last page there is no row to carry the total: count separately only then.
  const total = rows.length > 0 ? Number(rows[0]!.__total) : page.offset === 0 ? 0 : await em.count(entity, where);
  for (const row of rows) delete row.__total;
  return { rows, total };
}
