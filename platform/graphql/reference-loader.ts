import DataLoader from 'dataloader';
import type { EntityName } from '@mikro-orm/core';
import type { SubgraphContext } from '../context/subgraph-context.js';

/**
 * Per-request DataLoader for `__resolveReference`: the gateway asks for entities one representation at a time,
 * and this turns them into one `id in (...)` query (tenant filter included) instead of N.
 */
export function referenceLoader<T extends { id: string }>(
  ctx: SubgraphContext,
  entity: EntityName<T>,
): DataLoader<string, T | null> {
  const name = `ref:${typeof entity === 'string' ? entity : (entity as { name: string }).name}`;
  let loader = ctx.loaders.get(name) as DataLoader<string, T | null> | undefined;
  if (!loader) {
    loader = new DataLoader<string, T | null>(async (ids) => {
      const rows = await ctx.em.find(entity, { id: { $in: [...ids] } } as never);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    });
    ctx.loaders.set(name, loader);
  }
  return loader;
}
