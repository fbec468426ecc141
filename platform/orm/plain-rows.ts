import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName } from '@mikro-orm/core';

/**
 * Database rows as plain objects with the entity's property names and types (MikroORM's own result mapper), for
 * reads that only render them: no entity instances, no identity map. `em.map` merged each row into the identity
 * map, 0.37 ms of the cross-module query's 1.71 ms of CPU for its ten rows (BENCHMARKS.md, issue 20).
 * Never flush or relate what this returns: they are not managed entities.
 */
export function plainRows<T extends object>(em: EntityManager, entity: EntityName<T>, rows: Record<string, unknown>[]): T[] {
  const meta = em.getMetadata().get((entity as { name: string }).name ?? String(entity));
  const driver = em.getDriver();
  return rows.map((row) => driver.mapResult(row as never, meta) as T);
}
