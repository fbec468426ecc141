import { invalid } from '../../../platform/errors/domain-error.js';
import { WEEKDAYS, type WeeklyRule } from '../availability/schedule-rules.js';
import { Fields, HOST_ID, TIME, isDate } from '../shared/input-checks.js';

export interface ScheduleDraft {
  hostId?: string;
  name?: string;
  timezone?: string;
  isDefault?: boolean;
  availability?: WeeklyRule[];
}

/** Monday to Friday, 09:00–17:00: what a schedule created without hours gets (Cal.com's default too). */
export const DEFAULT_HOURS: WeeklyRule[] = WEEKDAYS.slice(0, 5).map((day) => ({ day, startTime: '09:00', endTime: '17:00' }));

/** Body of POST (everything but isDefault and availability required) or PATCH (only the keys given change). */
export function validateSchedule(body: Record<string, unknown>, mode: 'create' | 'update'): ScheduleDraft {
  const f = new Fields(body).only(mode === 'create' ? ['hostId', 'name', 'timezone', 'isDefault', 'availability'] : ['name', 'timezone', 'isDefault', 'availability']);
  const required = mode === 'create';
  const draft: ScheduleDraft = {
    hostId: mode === 'create' ? f.string('hostId', { required, max: 120, pattern: HOST_ID, expected: 'an auth user id (user_…)' }) : undefined,
    name: f.string('name', { required, max: 200, singleLine: true }),
    timezone: f.timezone('timezone', { required }),
    isDefault: f.bool('isDefault'),
  };
  const rules = f.array('availability', { max: 100 });
  if (rules) draft.availability = rules.map((rule, i) => weeklyRule(rule, `availability[${i}]`));
  return Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as ScheduleDraft;
}

function weeklyRule(value: unknown, path: string): WeeklyRule {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(path, value, '{day, startTime, endTime}');
  const f = new Fields(value as Record<string, unknown>, path).only(['day', 'startTime', 'endTime']);
  const day = f.string('day', { required: true, max: 9, expected: WEEKDAYS.join(', ') })!;
  if (!(WEEKDAYS as readonly string[]).includes(day)) throw invalid(f.path('day'), day, WEEKDAYS);
  const { startTime, endTime } = hours(f);
  return { day: day as WeeklyRule['day'], startTime, endTime };
}

/** startTime before endTime, both HH:mm; only endTime may be 24:00. */
export function hours(f: Fields): { startTime: string; endTime: string } {
  const startTime = f.string('startTime', { required: true, max: 5, pattern: TIME, expected: 'HH:mm' })!;
  const endTime = f.string('endTime', { required: true, max: 5, pattern: TIME, expected: 'HH:mm (24:00 for the end of the day)' })!;
  if (startTime === '24:00') throw invalid(f.path('startTime'), startTime, '00:00 to 23:59');
  if (endTime <= startTime) throw invalid(f.path('endTime'), endTime, `a time after ${startTime}`, `${f.path('endTime')} must be after startTime`);
  return { startTime, endTime };
}

export interface OverrideDraft {
  date: string;
  isAvailable: boolean;
  startTime: string | null;
  endTime: string | null;
  reason: string | null;
}

/** `isAvailable: false` blocks the date; true needs the date's hours (startTime, endTime). */
export function validateOverride(body: Record<string, unknown>): OverrideDraft {
  const f = new Fields(body).only(['date', 'isAvailable', 'reason', 'startTime', 'endTime']);
  const date = f.string('date', { required: true, max: 10, expected: 'a date YYYY-MM-DD' })!;
  if (!isDate(date)) throw invalid('date', date, 'a date YYYY-MM-DD');
  const isAvailable = f.bool('isAvailable');
  if (isAvailable === undefined) throw invalid('isAvailable', null, 'true or false', 'isAvailable is required');
  const reason = f.string('reason', { max: 500 }) ?? null;
  if (!isAvailable) {
    if (f.has('startTime') || f.has('endTime')) throw invalid(f.has('startTime') ? 'startTime' : 'endTime', f.raw(f.has('startTime') ? 'startTime' : 'endTime'), 'nothing when isAvailable is false', 'A blocked date has no hours');
    return { date, isAvailable, startTime: null, endTime: null, reason };
  }
  return { date, isAvailable, ...hours(f), reason };
}
