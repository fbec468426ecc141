import { DateTime } from 'luxon';
import { WEEKDAYS, type Interval, type ScheduleRules } from './schedule-rules.js';

const DAY_MS = 86_400_000;

/**
 * The schedule's working time between `from` and `to` as UTC intervals, merged. Weekly rules are expanded per
 * local date in the schedule's zone (so 09:00 stays 09:00 across a DST change), and an override replaces its
 * date's rules. A local time that does not exist (spring-forward gap) moves forward by the gap (luxon); an
 * ambiguous one (fall-back) takes the earlier offset.
 */
export function workingRanges(rules: ScheduleRules, from: number, to: number): Interval[] {
  const zone = rules.timezone;
  const overrides = new Map(rules.overrides.map((o) => [o.date, o]));
  const ranges: Interval[] = [];
  // One local day either side: a day's range may start before `from` or reach past `to` in UTC.
  let day = DateTime.fromMillis(from - DAY_MS, { zone }).startOf('day');
  const last = DateTime.fromMillis(to + DAY_MS, { zone }).startOf('day');
  while (day <= last) {
    const date = day.toISODate()!;
    const override = overrides.get(date);
    const local: { startTime: string; endTime: string }[] = override
      ? override.isAvailable && override.startTime && override.endTime ? [{ startTime: override.startTime, endTime: override.endTime }] : []
      : rules.availability.filter((r) => r.day === WEEKDAYS[day.weekday - 1]);
    for (const r of local) {
      const start = localInstant(date, r.startTime, zone);
      const end = localInstant(date, r.endTime, zone);
      if (end > start && end > from && start < to) ranges.push({ start, end });
    }
    day = day.plus({ days: 1 }).startOf('day');
  }
  return merge(ranges);
}

/** `date` + `HH:mm` in `zone` as epoch ms; `24:00` is the next day's midnight. */
export function localInstant(date: string, time: string, zone: string): number {
  if (time === '24:00') return DateTime.fromISO(date, { zone }).plus({ days: 1 }).startOf('day').toMillis();
  return DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
}

/** Sorted, overlapping or touching intervals joined. */
export function merge(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const prev = out[out.length - 1];
    if (prev && i.start <= prev.end) prev.end = Math.max(prev.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

/** True when [start, end) lies inside one working range of the schedule. */
export function withinWorkingHours(rules: ScheduleRules, start: number, end: number): boolean {
  return workingRanges(rules, start, end).some((r) => r.start <= start && end <= r.end);
}
