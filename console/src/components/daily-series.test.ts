import { describe, expect, it } from 'vitest';
import { axisTop, dailySeries, dayRange, rangeProblem } from './daily-series';

describe('Daily series', () => {
  const now = new Date('2026-12-02T23:30:00Z');

  it('should default to the 30 UTC days up to today, and keep the days the address names', () => {
    expect(dayRange(null, null, now)).toEqual({ from: '2026-11-03', to: '2026-12-02' });
    expect(dayRange('2026-01-01', '2026-01-31', now)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(dayRange(null, '2026-03-01', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('should ignore what is no day', () => {
    expect(dayRange('2026-02-30', 'soon', now)).toEqual({ from: '2026-11-03', to: '2026-12-02' });
    expect(dayRange('2026-1-5', '', now)).toEqual({ from: '2026-11-03', to: '2026-12-02' });
  });

  it('should refuse a range that ends before it starts or is longer than 366 days', () => {
    expect(rangeProblem('2026-01-01', '2026-01-01')).toBeNull();
    expect(rangeProblem('2024-01-01', '2024-12-31')).toBeNull(); // a leap year: 366 days
    expect(rangeProblem('2026-01-02', '2026-01-01')).toMatch(/starts after it ends/);
    expect(rangeProblem('2025-01-01', '2026-01-02')).toBe('The range covers 367 days; pick at most 366.');
  });

  it('should give every day of the range, zeros where the API has no row', () => {
    const row = { group: '2026-02-28', requests: 3, costUsd: 0.25 };
    const days = dailySeries('2026-02-27', '2026-03-01', [row], (r) => r.group, ['requests', 'costUsd']);
    expect(days).toEqual([
      { date: '2026-02-27', requests: 0, costUsd: 0 },
      { date: '2026-02-28', requests: 3, costUsd: 0.25 },
      { date: '2026-03-01', requests: 0, costUsd: 0 },
    ]);
  });

  it('should add up the rows of one day and leave out rows outside the range or without a day', () => {
    const rows = [
      { date: '2026-05-02', sent: 2, failed: 1 },
      { date: '2026-05-02', sent: 5, failed: 0 },
      { date: '2026-05-09', sent: 7, failed: 7 },
      { date: null, sent: 9, failed: 9 },
    ];
    expect(dailySeries('2026-05-01', '2026-05-02', rows, (r) => r.date, ['sent', 'failed'])).toEqual([
      { date: '2026-05-01', sent: 0, failed: 0 },
      { date: '2026-05-02', sent: 7, failed: 1 },
    ]);
  });

  it('should round the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([axisTop(0), axisTop(1), axisTop(3), axisTop(7), axisTop(10), axisTop(0.0032), axisTop(180)]).toEqual([
      1, 1, 5, 10, 10, 0.005, 200,
    ]);
  });
});
