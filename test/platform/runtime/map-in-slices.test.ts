import { mapInSlices } from '../../../platform/runtime/map-in-slices.js';

describe('mapInSlices: a long map with turns of the event loop between slices', () => {
  it('should give the same results in the same order as map', async () => {
    const items = Array.from({ length: 1234 }, (_, i) => i);
    expect(await mapInSlices(items, (n, i) => `${n}:${i}`, 100)).toEqual(items.map((n, i) => `${n}:${i}`));
    expect(await mapInSlices([], (n: number) => n)).toEqual([]);
  });

  it('should let other callbacks run between two slices', async () => {
    let turns = 0;
    let stop = false;
    const spin = () => {
      turns++;
      if (!stop) setImmediate(spin);
    };
    setImmediate(spin);
    const seen: number[] = [];
    // Every item records how many turns had passed: one slice sees one count, the next a higher one.
    await mapInSlices(
      Array.from({ length: 500 }, (_, i) => i),
      () => seen.push(turns),
      100,
    );
    stop = true;
    const perSlice = [0, 100, 200, 300, 400].map((at) => seen[at]!);
    for (let i = 1; i < perSlice.length; i++) expect(perSlice[i]!).toBeGreaterThan(perSlice[i - 1]!);
    for (let at = 0; at < 500; at += 100) expect(new Set(seen.slice(at, at + 100)).size).toBe(1);
  });
});
