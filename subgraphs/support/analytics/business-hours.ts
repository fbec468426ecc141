import { DateTime } from 'luxon';
import type { WorkingHours } from '../entities/inbox.entity.js';

const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/** `HH:mm` on a local date in the zone, as an instant (luxon moves a time in a spring-forward gap forward). */
function at(date: DateTime, hhmm: string): DateTime {
  if (hhmm === '24:00') return date.plus({ days: 1 }).startOf('day');
  const [h, m] = hhmm.split(':').map(Number);
  return date.set({ hour: h!, minute: m!, second: 0, millisecond: 0 });
}

/**
 * Seconds of [start, end) that fall inside the weekly working hours, walking the local dates of the zone
 * (Chatwoot's value_in_business_hours). Without working hours, the plain difference.
 */
export function businessSeconds(start: Date, end: Date, hours: WorkingHours | null): number {
  const total = Math.max(0, (end.getTime() - start.getTime()) / 1000);
  if (!hours) return total;
  if (end <= start) return 0;
  const from = DateTime.fromJSDate(start, { zone: hours.timezone });
  const to = DateTime.fromJSDate(end, { zone: hours.timezone });
  let seconds = 0;
  // The day before `from` too: a range ending at 24:00 never spans midnight, but stay safe with zones.
  for (let day = from.startOf('day'); day <= to; day = day.plus({ days: 1 })) {
    const weekday = DAYS[day.weekday - 1];
    for (const range of hours.hours) {
      if (range.day !== weekday) continue;
      const rs = at(day, range.startTime).toMillis();
      const re = at(day, range.endTime).toMillis();
      const overlap = Math.min(re, end.getTime()) - Math.max(rs, start.getTime());
      if (overlap > 0) seconds += overlap / 1000;
    }
  }
  return seconds;
}
