/** Values per UTC day over a range the address names: the day-range logic and gap filling the stats charts share. */

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The longest range the platform's daily statistics cover. */
export const MAX_RANGE_DAYS = 366;
const DEFAULT_RANGE_DAYS = 30;

/** One UTC day (YYYY-MM-DD) and its numbers. */
export type DailyRow<K extends string> = { date: string } & Record<K, number>;

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isDay = (value: string | null | undefined): value is string =>
  !!value && DATE.test(value) && utcDay(dayStart(value)) === value;

/** The range asked for: the address's from and to when they are days, else the last 30 days up to today. */
export function dayRange(from: string | null, to: string | null, now: Date = new Date()): { from: string; to: string } {
  const end = isDay(to) ? to : utcDay(now.getTime());
  const start = isDay(from) ? from : utcDay(dayStart(end) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
  return { from: start, to: end };
}

/** Why a range cannot be asked for (it ends before it starts, or is longer than the platform answers), or null. */
export function rangeProblem(from: string, to: string): string | null {
  if (from > to) return 'The range starts after it ends: pick a From day on or before the To day.';
  const days = (dayStart(to) - dayStart(from)) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) return `The range covers ${days} days; pick at most ${MAX_RANGE_DAYS}.`;
  return null;
}

/**
 * Every day from `from` to `to` (inclusive) with the `keys` of the rows of that day added up (several rows a day when
 * the API splits a day further, by country or status), and zeros on days the API has no row for.
 */
export function dailySeries<K extends string, R extends Partial<Record<K, number>>>(
  from: string,
  to: string,
  rows: readonly R[],
  dayOf: (row: R) => string | null | undefined,
  keys: readonly K[],
): DailyRow<K>[] {
  const sums = new Map<string, Record<K, number>>();
  for (const row of rows) {
    const day = dayOf(row);
    if (!day) continue;
    const sum = sums.get(day) ?? zeros(keys);
    for (const key of keys) sum[key] += row[key] ?? 0;
    sums.set(day, sum);
  }
  const days: DailyRow<K>[] = [];
  for (let t = dayStart(from); t <= dayStart(to); t += DAY_MS) {
    const date = utcDay(t);
    days.push({ ...(sums.get(date) ?? zeros(keys)), date } as DailyRow<K>);
  }
  return days;
}

function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

/** A round axis top at or above the largest value (1, 2 or 5 times a power of ten), so the scale reads easily. */
export function axisTop(largest: number): number {
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= largest * (1 - 1e-12))!;
}
