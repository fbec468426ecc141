/** Upper-case weekday names of the spec, Monday first (luxon's weekday 1..7). */
export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One weekly working range in the schedule's own zone, `HH:mm` (`24:00` ends at midnight). */
export interface WeeklyRule {
  day: Weekday;
  startTime: string;
  endTime: string;
}

/** A date override: it replaces that day's weekly hours; `isAvailable: false` blocks the day. */
export interface DateOverride {
  date: string;
  isAvailable: boolean;
  startTime?: string | null;
  endTime?: string | null;
}

/** What slot computation needs of a schedule. */
export interface ScheduleRules {
  timezone: string;
  availability: WeeklyRule[];
  overrides: DateOverride[];
}

/** A half-open interval of epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}
