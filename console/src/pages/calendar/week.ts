/** Weeks of the calendar page: Monday to Sunday in the reader's time zone, named by their Monday (YYYY-MM-DD). */

/** A local date as YYYY-MM-DD (not toISOString, which is the UTC day). */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of the Monday of the week holding `date`. */
export function mondayOf(date: Date): Date {
  const monday = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

/** The week an address names (any day of it, YYYY-MM-DD); this week when it names none or no real date. */
export function weekOf(param: string | undefined, now: Date = new Date()): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(param ?? '');
  if (!match) return mondayOf(now);
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (dayKey(date) !== param) return mondayOf(now); // 2030-02-31 and the like
  return mondayOf(date);
}

/** The Monday `weeks` weeks away (calendar days, so a daylight-saving change does not shift it off midnight). */
export function shiftWeek(monday: Date, weeks: number): Date {
  const shifted = new Date(monday);
  shifted.setDate(shifted.getDate() + weeks * 7);
  return shifted;
}

/** The seven local days of the week starting at `monday`. */
export function weekDays(monday: Date): Date[] {
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(monday);
    day.setDate(day.getDate() + i);
    return day;
  });
}

/** The bookings query's bounds: from Monday's midnight to the last millisecond before the next Monday. */
export function weekBounds(monday: Date): { startDate: string; endDate: string } {
  return { startDate: monday.toISOString(), endDate: new Date(shiftWeek(monday, 1).getTime() - 1).toISOString() };
}

/** Items by the local day they start on, each day's in the order given. */
export function byDay<T>(items: T[], start: (item: T) => string): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const key = dayKey(new Date(start(item)));
    days.set(key, [...(days.get(key) ?? []), item]);
  }
  return days;
}
