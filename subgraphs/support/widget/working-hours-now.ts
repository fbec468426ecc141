import { DateTime } from 'luxon';
import type { WorkingHours } from '../entities/inbox.entity.js';

const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/** Whether `now` falls inside the weekly hours, read in their zone; null without working hours. */
export function insideWorkingHours(hours: WorkingHours | null, now: Date): boolean | null {
  if (!hours) return null;
  const local = DateTime.fromJSDate(now).setZone(hours.timezone);
  if (!local.isValid) return null;
  const day = DAYS[local.weekday - 1];
  const time = local.toFormat('HH:mm');
  return hours.hours.some((r) => r.day === day && r.startTime <= time && time < r.endTime);
}
