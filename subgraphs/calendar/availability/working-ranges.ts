import { WEEKDAYS, type Interval, type ScheduleRules } from './schedule-rules.js';
import { instantOf, localParts } from './local-time.js';

const DAY_MS = 86_400_000;

/**
 * The schedule's working time between `from` and `to` as UTC intervals, merged. Weekly rules are expanded per
 * local date in the schedule's zone (so 09:00 stays 09:00 across a DST change), and an override replaces its
 * date's rules. A local time that does not exist (spring-forward gap) moves forward by the gap; one that happens
 * twice (fall-back) is its first occurrence.
 */
export function workingRanges(rules: ScheduleRules, from: number, to: number): Interval[] {
  const zone = rules.timezone;
  const overrides = new Map(rules.overrides.map((o) => [o.date, o]));
  const ranges: Interval[] = [];
  // Local dates as plain calendar days (UTC arithmetic on Y-M-D), one either side: a day's range may start
  // before `from` or reach past `to` in UTC.
  const first = Date.parse(`${localParts(zone, from).date}T00:00:00Z`) - DAY_MS;
  const last = Date.parse(`${localParts(zone, to).date}T00:00:00Z`) + DAY_MS;
  for (let day = first; day <= last; day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    const override = overrides.get(date);
    const weekday = WEEKDAYS[(new Date(day).getUTCDay() + 6) % 7];
    const local: { startTime: string; endTime: string }[] = override
      ? override.isAvailable && override.startTime && override.endTime
        ? [{ startTime: override.startTime, endTime: override.endTime }]
        : []
      : rules.availability.filter((r) => r.day === weekday);
    for (const r of local) {
      const start = instantOf(zone, day + minutesOf(r.startTime) * 60_000);
      const end = instantOf(zone, day + minutesOf(r.endTime) * 60_000);
      if (end > start && end > from && start < to) ranges.push({ start, end });
    }
  }
  return merge(ranges);
}

/** `date` + `HH:mm` in `zone` as epoch ms; `24:00` is the next day's midnight. */
export function localInstant(date: string, time: string, zone: string): number {
  return instantOf(zone, Date.parse(`${date}T00:00:00Z`) + minutesOf(time) * 60_000);
}

/** HH:mm as minutes after midnight (24:00 is 1440). */
function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
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
