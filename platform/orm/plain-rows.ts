import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName } from '@mikro-orm/core';
import { sqlOf, type SqlStatement } from './tenant-sql.js';

/**
 * Database rows as plain objects with the entity's property names and types (MikroORM's own result mapper), for
 * reads that only render them: no entity instances, no identity map. `em.map` merged each row into the identity
 * map, 0.37 ms of the cross-module query's 1.71 ms of CPU for its ten rows (BENCHMARKS.md).
 * Never flush or relate what this returns: they are not managed entities.
 */
export function plainRows<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  rows: Record<string, unknown>[],
): T[] {
  return rows.map(plainRowOf(em, entity));
}

/** `plainRows` for one row at a time (to map a long result in slices, between turns of the event loop). */
export function plainRowOf<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
): (row: Record<string, unknown>) => T {
  const meta = metaOf(em, entity);
  const driver = em.getDriver();
  return (row) => driver.mapResult(row as never, meta) as T;
}

const selectLists = new Map<string, SqlStatement>();

/**
 * The entity's columns as a select list (`"id", "form_id", …`, each prefixed by `alias.` when given) for a written-out
 * statement whose rows go to `plainRows`. A prepared statement must not select `*`: once a migration adds a column to
 * the table, PostgreSQL refuses the prepared `*` on every connection that prepared it ("cached plan must not change
 * result type"). The names come from the entity's metadata, never from input.
 */
export function entityColumns<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  alias?: string,
): SqlStatement {
  const meta = metaOf(em, entity);
  const key = `${meta.className}|${alias ?? ''}`;
  let list = selectLists.get(key);
  if (!list) {
    const columns = [
      ...new Set(meta.props.filter((p) => p.persist !== false && !p.formula).flatMap((p) => p.fieldNames ?? [])),
    ];
    list = sqlOf(
      columns.map((column) => `${alias ? `${alias}.` : ''}"${column.replaceAll('"', '""')}"`).join(', '),
      [],
    );
    selectLists.set(key, list);
  }
  return list;
}

function metaOf<T extends object>(em: EntityManager, entity: EntityName<T>) {
  return em.getMetadata().get<T>((entity as { name: string }).name ?? String(entity));
}
