import { setImmediate as nextTurn } from 'node:timers/promises';

/** Rows handled between two turns of the event loop by `mapInSlices`. */
export const SLICE_ROWS = 100;

/**
 * `items.map(render)`, giving the event loop a turn after every `slice` items: rendering a page of hundreds of rows is
 * CPU work that would otherwise hold every other request of the process (all modules share one loop) until it ends.
 * Same results, same order; only the work is split.
 */
export async function mapInSlices<T, R>(
  items: readonly T[],
  render: (item: T, index: number) => R,
  slice = SLICE_ROWS,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  for (let at = 0; at < items.length; at += slice) {
    if (at > 0) await nextTurn();
    const end = Math.min(items.length, at + slice);
    for (let i = at; i < end; i++) out[i] = render(items[i]!, i);
  }
  return out;
}
