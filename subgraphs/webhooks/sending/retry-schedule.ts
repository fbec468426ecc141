import { fixedDelays } from '../../../platform/jobs/retry-backoff.js';

/** Delay before each attempt: immediate, 1 min, 5 min, 30 min, 2 h, 8 h, 24 h. */
export const RETRY_SCHEDULE_MS = [
  0,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  8 * 3_600_000,
  24 * 3_600_000,
] as const;

// The contract fixes these moments exactly: no jitter.
const RETRY_BACKOFF = fixedDelays(RETRY_SCHEDULE_MS.slice(1));

/** When attempt `slot + 1` is due after attempt `slot` failed at `failedAt`; null once the schedule is exhausted. */
export function nextAttemptAt(slot: number, failedAt: Date): Date | null {
  const delay = RETRY_BACKOFF.delayBefore(slot);
  return delay === null ? null : new Date(failedAt.getTime() + delay);
}
