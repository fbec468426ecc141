/**
 * Fixed buckets of response times (seconds) kept per day in support.reporting_daily_histogram. The edges include every
 * edge of the displayed histogram, so it is a sum of fine buckets, exact; percentiles use them only to find which
 * bucket holds a rank. Changing these needs a migration that rebuilds the histogram table.
 */
export const FINE_EDGES: readonly number[] = [
  ...steps(10, 60, 10),
  ...steps(90, 300, 30),
  ...steps(360, 900, 60),
  ...steps(1200, 3600, 300),
  ...steps(4500, 14_400, 900),
  ...steps(18_000, 86_400, 3600),
  ...[2, 3, 4, 5, 6, 7, 14, 30].map((d) => d * 86_400),
];

/** The displayed histogram: label, from (inclusive), to (exclusive, null = open). */
export const DISPLAY_BUCKETS: readonly [string, number, number | null][] = [
  ['< 1 min', 0, 60],
  ['1-5 min', 60, 300],
  ['5-15 min', 300, 900],
  ['15-30 min', 900, 1800],
  ['30-60 min', 1800, 3600],
  ['1-4 h', 3600, 14_400],
  ['4-24 h', 14_400, 86_400],
  ['> 24 h', 86_400, null],
];

/** Bounds of fine bucket `b` as PostgreSQL's width_bucket(value, FINE_EDGES) numbers it (0 below the first edge). */
export function fineBounds(bucket: number): { from: number | null; to: number | null } {
  return {
    from: bucket === 0 ? null : FINE_EDGES[bucket - 1]!,
    to: bucket >= FINE_EDGES.length ? null : FINE_EDGES[bucket]!,
  };
}

/** The displayed bucket a fine bucket falls in (fine edges include the display edges). */
export function displayIndexOf(bucket: number): number {
  const from = fineBounds(bucket).from ?? 0;
  return DISPLAY_BUCKETS.findIndex(([, lo, hi]) => from >= lo && (hi === null || from < hi));
}

function steps(from: number, to: number, step: number): number[] {
  const out = [];
  for (let v = from; v <= to; v += step) out.push(v);
  return out;
}
