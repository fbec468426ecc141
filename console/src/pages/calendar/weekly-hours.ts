/** The weekdays as the platform names them, Monday first (a schedule's week). */
export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One open interval of a weekly rule: HH:mm to HH:mm (24:00 ends the day). */
export interface Hours {
  startTime: string;
  endTime: string;
}

interface Rule extends Hours {
  day: string;
}

/** The editable week: each day's intervals, in the order they start. */
export type WeekForm = Record<Weekday, Hours[]>;

/** "Monday" for MONDAY. */
export const dayName = (day: string) => day.charAt(0) + day.slice(1).toLowerCase();

const byStart = (a: Hours, b: Hours) => a.startTime.localeCompare(b.startTime);

/** The rules grouped per weekday, Monday to Sunday, every day present (an empty one is closed). */
export function weekForm(rules: readonly Rule[]): WeekForm {
  const week = Object.fromEntries(WEEKDAYS.map((d) => [d, [] as Hours[]])) as WeekForm;
  for (const r of rules)
    if ((WEEKDAYS as readonly string[]).includes(r.day))
      week[r.day as Weekday].push({ startTime: r.startTime, endTime: r.endTime });
  for (const d of WEEKDAYS) week[d].sort(byStart);
  return week;
}

/** A day's hours as one line: "09:00–12:00, 13:00–17:00", or "Closed". */
export function hoursText(hours: readonly Hours[]): string {
  if (hours.length === 0) return 'Closed';
  return [...hours]
    .sort(byStart)
    .map((h) => `${h.startTime}–${h.endTime}`)
    .join(', ');
}

/** The update's `availability`: every interval, Monday first, in the order the form shows them. */
export function weekRules(week: WeekForm): Rule[] {
  return WEEKDAYS.flatMap((day) =>
    week[day].map((h) => ({ day, startTime: h.startTime.trim(), endTime: h.endTime.trim() })),
  );
}

/** The form's key of one interval's field: `MONDAY.0.endTime`. */
export const hoursKey = (day: Weekday, index: number, field: keyof Hours) => `${day}.${index}.${field}`;

/**
 * Where the platform's refusal of an update belongs, from `details.field` (`availability[3].endTime`, with or without
 * `input.`): the key of that interval's field, counting rules as `weekRules` sends them; `name` or `timezone`; null
 * for anything else.
 */
export function refusedScheduleField(field: unknown, week: WeekForm): string | null {
  if (typeof field !== 'string') return null;
  const name = field.replace(/^input\./, '');
  if (name === 'name' || name === 'timezone') return name;
  const match = /^availability\[(\d+)\]\.(startTime|endTime|day)$/.exec(name);
  if (!match) return null;
  let index = Number(match[1]);
  const part = match[2] === 'day' ? 'startTime' : (match[2] as keyof Hours);
  for (const day of WEEKDAYS) {
    if (index < week[day].length) return hoursKey(day, index, part);
    index -= week[day].length;
  }
  return null;
}
