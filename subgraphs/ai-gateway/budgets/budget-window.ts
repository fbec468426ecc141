import type { BudgetPeriod } from '../entities/budget.entity.js';

/** Start of the UTC day or month holding `at` (epoch ms). */
export function windowStartOf(period: BudgetPeriod, at: number): number {
  const d = new Date(at);
  return period === 'day'
    ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
    : Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Start of the next window (when an exhausted budget opens again). */
export function nextWindowOf(period: BudgetPeriod, at: number): number {
  const d = new Date(windowStartOf(period, at));
  return period === 'day' ? d.getTime() + 86_400_000 : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}
