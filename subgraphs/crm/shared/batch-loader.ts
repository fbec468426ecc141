import DataLoader from 'dataloader';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';

/** A per-request DataLoader by name: field resolvers over many contacts cost one query, not one per contact. */
export function batchLoader<V>(
  ctx: SubgraphContext,
  name: string,
  load: (ids: readonly string[]) => Promise<Map<string, V>>,
  fallback: V,
): DataLoader<string, V> {
  let loader = ctx.loaders.get(name) as DataLoader<string, V> | undefined;
  if (!loader) {
    loader = new DataLoader<string, V>(async (ids) => {
      const found = await load(ids);
      return ids.map((id) => found.get(id) ?? fallback);
    });
    ctx.loaders.set(name, loader);
  }
  return loader;
}

/** Groups rows by a key into a map of arrays. */
export function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
