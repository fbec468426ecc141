import { doubling, fixedDelays, fullJitter } from '../../../platform/jobs/retry-backoff.js';
import { PROVIDER_RETRY_BACKOFF } from '../../../subgraphs/sms/jobs/provider-carrier.job.js';
import { SEND_RETRY_BACKOFF } from '../../../subgraphs/email/jobs/send-email.job.js';
import { RETRY_SCHEDULE_MS, nextAttemptAt } from '../../../subgraphs/webhooks/sending/retry-schedule.js';

describe('fixedDelays', () => {
  it('should answer the delays as given, then null', () => {
    const backoff = fixedDelays([60_000, 300_000]);
    expect([1, 2, 3].map((n) => backoff.delayBefore(n))).toEqual([60_000, 300_000, null]);
  });

  it('should keep the webhook schedule exact, whatever Math.random says', () => {
    const failedAt = new Date('2026-01-01T00:00:00Z');
    const due = [1, 2, 3, 4, 5, 6].map((slot) => nextAttemptAt(slot, failedAt)!.getTime() - failedAt.getTime());
    expect(due).toEqual(RETRY_SCHEDULE_MS.slice(1));
    expect(nextAttemptAt(7, failedAt)).toBeNull();
  });
});

describe('fullJitter', () => {
  it('should wait between 0 and the ceiling, both ends included', () => {
    expect(fullJitter([1000], { random: () => 0 }).delayBefore(1)).toBe(0);
    expect(fullJitter([1000], { random: () => 0.5 }).delayBefore(1)).toBe(500);
    expect(fullJitter([1000], { random: () => 0.999_999_9 }).delayBefore(1)).toBe(1000);
  });

  it('should stop after the last ceiling unless told to repeat it', () => {
    expect(fullJitter([10, 20], { random: () => 0.5 }).delayBefore(3)).toBeNull();
    expect(fullJitter([10, 20], { random: () => 0.5, repeatLast: true }).delayBefore(30)).toBe(10);
  });

  it('should refuse a retry number that is not a positive integer', () => {
    const backoff = fullJitter([10], { repeatLast: true });
    expect([0, -1, 1.5, Number.NaN].map((n) => backoff.delayBefore(n))).toEqual([null, null, null, null]);
  });

  it('should spread retries that failed together over the whole window', () => {
    const backoff = fullJitter([60_000]);
    const waits = Array.from({ length: 2000 }, () => backoff.delayBefore(1)!);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...waits)).toBeLessThanOrEqual(60_000);
    // Uniform: each sixth of the window holds about a sixth of them (332 expected; 5 standard deviations either side).
    const sixths = [0, 1, 2, 3, 4, 5].map((i) => waits.filter((w) => w >= i * 10_000 && w < (i + 1) * 10_000).length);
    for (const count of sixths) expect(count).toBeGreaterThan(250);
    for (const count of sixths) expect(count).toBeLessThan(420);
  });
});

describe('doubling', () => {
  it('should double up to the cap', () => {
    expect(doubling(10_000, 60_000, 5)).toEqual([10_000, 20_000, 40_000, 60_000, 60_000]);
  });
});

describe('the jittered schedules', () => {
  it('should keep the email retries at 3, each under its ceiling', () => {
    expect([1, 2, 3, 4].map((n) => SEND_RETRY_BACKOFF.delayBefore(n) === null)).toEqual([false, false, false, true]);
    for (let i = 0; i < 200; i++) expect(SEND_RETRY_BACKOFF.delayBefore(3)).toBeLessThanOrEqual(60 * 60_000);
  });

  it('should keep the SMS provider retries at 4, each under its ceiling', () => {
    expect([1, 2, 3, 4, 5].map((n) => PROVIDER_RETRY_BACKOFF.delayBefore(n) === null)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    for (let i = 0; i < 200; i++) expect(PROVIDER_RETRY_BACKOFF.delayBefore(1)).toBeLessThanOrEqual(2_000);
  });
});
