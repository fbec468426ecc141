/** Usage per UTC day (the AI gateway's days are UTC) over a range the address names. */

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface UsageDay {
  /** YYYY-MM-DD (UTC) */
  date: string;
  requests: number;
  errors: number;
  totalTokens: number;
  costUsd: number;
  unpricedRequests: number;
}

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const isDay = (value: string | null | undefined): value is string =>
  !!value && DATE.test(value) && utcDay(Date.parse(`${value}T00:00:00Z`)) === value;

/** The range asked for: the address's from and to when they are days, else the last 30 days up to today. */
export function usageRange(
  from: string | null,
  to: string | null,
  now: Date = new Date(),
): { from: string; to: string } {
  const end = isDay(to) ? to : utcDay(now.getTime());
  const start = isDay(from) ? from : utcDay(Date.parse(`${end}T00:00:00Z`) - 29 * DAY_MS);
  return { from: start, to: end };
}

/** Every day from `from` to `to` (inclusive), the API's rows where it has one and zeros where it has none. */
export function fillDays(
  from: string,
  to: string,
  rows: {
    group?: string | null;
    requests: number;
    errors: number;
    totalTokens: number;
    costUsd: number;
    unpricedRequests: number;
  }[],
): UsageDay[] {
  const known = new Map(rows.filter((r) => r.group).map((r) => [r.group!, r]));
  const days: UsageDay[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    const date = utcDay(t);
    const row = known.get(date);
    days.push({
      date,
      requests: row?.requests ?? 0,
      errors: row?.errors ?? 0,
      totalTokens: row?.totalTokens ?? 0,
      costUsd: row?.costUsd ?? 0,
      unpricedRequests: row?.unpricedRequests ?? 0,
    });
  }
  return days;
}

/** A round axis top at or above the largest value (1, 2 or 5 times a power of ten), so the scale reads easily. */
export function axisTop(largest: number): number {
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= largest * (1 - 1e-12))!;
}
