import { raw, type EntityManager } from '@mikro-orm/postgresql';
import type { EntityMetadata, EntityName, FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import type { TenantEntity } from './tenant-entity.js';
import { bindPage, pageStatement, whereShape, withValues } from './page-statements.js';
import { plainRows } from './plain-rows.js';
import { boundRows } from './pooled-query.js';

export interface PageQuery<T> {
  limit: number;
  offset: number;
  orderBy: QueryOrderMap<T>;
  /**
   * The properties the caller reads (a GraphQL list's `selectedProperties`); every column when absent. The primary
   * key, the tenant column and the order's properties are read always.
   */
  fields?: readonly string[];
}

/**
 * One page of an organization's rows and the total, in one round trip, as plain objects.
 * Lists are read-only, so they skip entity hydration (most of a list request's CPU); the QueryBuilder
 * ignores filters unless asked, so the tenant filter is applied here and list code never builds its own.
 * The SELECT of a filter's shape is built once (tenant filter included) and reused with each request's values
 * (page-statements.ts): the QueryBuilder costs more CPU than the rest of a list request's database work; it is sent with
 * its values bound, on a pooled connection outside a transaction (`boundRows`).
 * With `page.fields` the rows hold only those columns: plain objects, never in the identity map, so a later read of
 * the same rows in the same EntityManager loads them whole.
 */
export async function findPage<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  page: PageQuery<T>,
): Promise<{ rows: T[]; total: number }> {
  const meta = em.getMetadata().get((entity as { name: string }).name ?? String(entity));
  const columns = pageColumns(meta, page);
  const build = async (scoped: EntityManager, filter: FilterQuery<T>, limit: number, offset: number) => {
    const qb = scoped
      .createQueryBuilder(entity)
      .select([...columns, raw('count(*) over() as "__total"')] as never)
      .where(filter)
      .orderBy(page.orderBy)
      .limit(limit)
      .offset(offset);
    await qb.applyFilters();
    return { qb }; // wrapped: a QueryBuilder is thenable, so returning it from an async function would run it
  };
  const shape = whereShape(where as Record<string, unknown>);
  const statement =
    shape &&
    (await pageStatement(
      `${meta.className}|${columns.join(',')}|${shape.key}|${JSON.stringify(page.orderBy)}`,
      shape,
      (scoped, values, limit, offset) =>
        build(
          scoped,
          withValues(shape.key ? (where as Record<string, unknown>) : {}, values) as FilterQuery<T>,
          limit,
          offset,
        ),
      em,
    ));
  let rows: (T & { __total?: string | number })[];
  if (statement) {
    const found = await boundRows<Record<string, unknown>>(
      em,
      statement.sql,
      bindPage(statement, em, shape.values, page.limit, page.offset),
    );
    rows = plainRows(em, entity, found) as typeof rows;
  } else {
    rows = (await (await build(em, where, page.limit, page.offset)).qb.execute('all', true)) as (T & {
      __total?: string | number;
    })[];
  }
  // Past the last page there is no row to carry the total: count separately only then.
  const total = rows.length > 0 ? Number(rows[0]!.__total) : page.offset === 0 ? 0 : await em.count(entity, where);
  for (const row of rows) delete row.__total;
  return { rows, total };
}

/**
 * Every loaded column, or with `page.fields` only those and what the list needs itself: columns nobody asked for cost
 * pg parsing and mapping on every row (a third of a list request's CPU in BENCHMARKS.md's profile).
 */
function pageColumns<T extends object>(meta: EntityMetadata<T>, page: PageQuery<T>): string[] {
  const columns = meta.props
    .filter((p) => !p.lazy && p.persist !== false && p.kind === 'scalar')
    .map((p) => p.name as string);
  if (!page.fields) return columns;
  const wanted = new Set<string>([
    ...meta.primaryKeys,
    'organizationId' satisfies keyof TenantEntity,
    ...Object.keys(page.orderBy),
    ...page.fields,
  ]);
  return columns.filter((name) => wanted.has(name));
}
