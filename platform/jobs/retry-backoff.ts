/**
 * How long a job waits before it retries work that failed for a passing reason (a relay's 4xx, a provider's 5xx, an
 * unreachable host). docs/decisions/0171-retry-backoff-with-full-jitter.md says which schedule is fixed and why.
 */
export interface RetryBackoff {
  /** Milliseconds to wait before retry `retry` (1 = the first retry after the first failure); null when none is left. */
  delayBefore(retry: number): number | null;
}

/** A source of uniform numbers in [0, 1): `Math.random` unless a test pins it. */
export type Random = () => number;

/**
 * Delays a contract fixes exactly (the webhook schedule): no jitter, the same for every caller. Receivers and
 * tests rely on the documented moments.
 */
export function fixedDelays(delaysMs: readonly number[]): RetryBackoff {
  return { delayBefore: (retry) => delaysMs[retry - 1] ?? null };
}

/**
 * Full jitter (each wait uniform in [0, ceiling]) over the given ceilings: failures that happened together (a relay
 * outage, a provider's bad minute) do not come back together. With `repeatLast` the last ceiling serves every later
 * retry and the work is retried for ever; otherwise retries stop after the last ceiling.
 */
export function fullJitter(
  ceilingsMs: readonly number[],
  options: { repeatLast?: boolean; random?: Random } = {},
): RetryBackoff {
  const random = options.random ?? Math.random;
  return {
    delayBefore(retry) {
      if (!Number.isInteger(retry) || retry < 1) return null;
      const ceiling = ceilingsMs[retry - 1] ?? (options.repeatLast ? ceilingsMs[ceilingsMs.length - 1] : undefined);
      return ceiling === undefined ? null : Math.floor(random() * (ceiling + 1));
    },
  };
}

/** Ceilings that double from `firstMs` up to `capMs`, `count` of them: 5 s, 10 s, 20 s, ... */
export function doubling(firstMs: number, capMs: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.min(capMs, firstMs * 2 ** i));
}
