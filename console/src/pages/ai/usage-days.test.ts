import { describe, expect, it } from 'vitest';
import { axisTop, fillDays, usageRange } from './usage-days';

describe('AI usage days', () => {
  const now = new Date('2026-12-02T23:30:00Z');

  it('should default to the 30 UTC days up to today, and keep the days the address names', () => {
    expect(usageRange(null, null, now)).toEqual({ from: '2026-11-03', to: '2026-12-02' });
    expect(usageRange('2026-01-01', '2026-01-31', now)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(usageRange(null, '2026-03-01', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('should ignore what is no day', () => {
    expect(usageRange('2026-02-30', 'soon', now)).toEqual({ from: '2026-11-03', to: '2026-12-02' });
  });

  it('should give every day of the range, zeros where the API has no row', () => {
    const row = { group: '2026-02-28', requests: 3, errors: 1, totalTokens: 90, costUsd: 0.25, unpricedRequests: 0 };
    const days = fillDays('2026-02-27', '2026-03-01', [row]);
    expect(days.map((d) => [d.date, d.requests, d.costUsd])).toEqual([
      ['2026-02-27', 0, 0],
      ['2026-02-28', 3, 0.25],
      ['2026-03-01', 0, 0],
    ]);
  });

  it('should round the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([axisTop(0), axisTop(1), axisTop(3), axisTop(7), axisTop(10), axisTop(0.0032), axisTop(180)]).toEqual([
      1, 1, 5, 10, 10, 0.005, 200,
    ]);
  });
});
