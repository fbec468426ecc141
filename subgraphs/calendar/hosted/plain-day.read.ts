import { DateTime, IANAZone } from 'luxon';
import { statusOf } from '../../../platform/errors/error-codes.js';
import type { OperationResult } from '../../../platform/http/html/page-route.js';
import { isDate } from '../shared/input-checks.js';

/** A slot as the public slots operations give it, in the booker's zone. */
export interface OfferedSlot {
  startTime: string;
  endTime: string;
  start: string;
}

export interface SlotDays {
  days: { date: string; slots: OfferedSlot[] }[];
}

/** One read of free slots between two dates of `timeZone`: the public operation of the page (booking or signed link). */
export type SlotsReader = (range: {
  from: string;
  to: string;
  timeZone: string;
  duration?: number;
}) => Promise<OperationResult<SlotDays>>;

/** What the page without JavaScript was asked for (`?date=&tz=&duration=`, or the same fields posted), unchecked. */
export interface DayAsked {
  date?: unknown;
  tz?: unknown;
  duration?: unknown;
}

/** Messages by the id of the control they belong beside (`zone`, `day`, `duration`, `start`, `name`, `q-…`). */
export type Problems = Record<string, string>;

/** The day the page shows: its free slots and the nearest free days around it. */
export interface PlainDay {
  zone: string;
  /** The length asked for; null is the event type's default. */
  duration: number | null;
  today: string;
  /** Null when no day with free slots was found. */
  date: string | null;
  slots: OfferedSlot[];
  previous: string | null;
  next: string | null;
}

export interface PlainDayRead {
  day: PlainDay;
  problems: Problems;
  /** A refusal that is no control's (the host has no schedule): shown at the top. */
  notice: string | null;
  status: number;
}

/** The longest range one slots read may span (the module's limit), less one: `to` is inclusive. */
const WINDOW_DAYS = 61;
/** Without a date the first free day is looked for this many windows ahead (about six months, as the picker does). */
const SEARCH_WINDOWS = 3;
/** A date asked for is read with this many days before it, so "previous" can name the last free day. */
const LOOK_BACK_DAYS = 30;

/** Where a refusal of the slots operation is shown. */
const CONTROL_OF: Record<string, string> = {
  from: 'day',
  to: 'day',
  startDate: 'day',
  endDate: 'day',
  timeZone: 'zone',
  duration: 'duration',
};

/**
 * Reads the day a page without JavaScript shows. Defaults: the first day with free slots, the host's zone (else UTC),
 * the event type's own length. A bad field is named beside its control and the day is shown without it (status 400).
 */
export async function readPlainDay(
  asked: DayAsked,
  defaultZone: string | null,
  now: Date,
  read: SlotsReader,
): Promise<PlainDayRead> {
  const problems: Problems = {};
  const zone = zoneOf(asked.tz, defaultZone ?? 'UTC', problems);
  let duration = durationOf(asked.duration, problems);
  const date = dateOf(asked.date, problems);
  const today = DateTime.fromJSDate(now, { zone }).toISODate()!;
  const day: PlainDay = { zone, duration, today, date: null, slots: [], previous: null, next: null };
  let from = date ? maxDate(today, shift(date, -LOOK_BACK_DAYS)) : today;
  for (let window = 0; window < (date ? 1 : SEARCH_WINDOWS); window++) {
    let result = await read({ from, to: shift(from, WINDOW_DAYS), timeZone: zone, ...(duration ? { duration } : {}) });
    const refusal = refusalOf(result);
    if (refusal?.control === 'duration' && duration) {
      // A length the event type does not offer: said beside the picker, the day shown at its default length.
      problems.duration = refusal.message;
      day.duration = duration = null;
      result = await read({ from, to: shift(from, WINDOW_DAYS), timeZone: zone });
    }
    const again = refusalOf(result);
    if (again) {
      if (again.control) problems[again.control] = again.message;
      return { day, problems, notice: again.control ? null : again.message, status: again.status };
    }
    const free = (result.data?.days ?? []).filter((d) => d.slots.length > 0);
    const shown = date ? maxDate(date, today) : free[0]?.date;
    if (shown) {
      day.date = shown;
      day.slots = free.find((d) => d.date === shown)?.slots ?? [];
      day.previous = free.filter((d) => d.date < shown).pop()?.date ?? null;
      day.next = free.find((d) => d.date > shown)?.date ?? null;
      break;
    }
    from = shift(from, WINDOW_DAYS + 1);
  }
  return { day, problems, notice: null, status: Object.keys(problems).length > 0 ? 400 : 200 };
}

function zoneOf(given: unknown, fallback: string, problems: Problems): string {
  if (given === undefined || given === '') return fallback;
  if (typeof given === 'string' && given.length <= 64 && IANAZone.isValidZone(given)) return given;
  problems.zone = 'Choose a time zone from the list.';
  return fallback;
}

function durationOf(given: unknown, problems: Problems): number | null {
  if (given === undefined || given === '') return null;
  const minutes = typeof given === 'string' && /^\d{1,4}$/.test(given) ? Number(given) : NaN;
  if (minutes >= 1) return minutes;
  problems.duration = 'Choose a duration from the list.';
  return null;
}

function dateOf(given: unknown, problems: Problems): string | null {
  if (given === undefined || given === '') return null;
  if (isDate(given)) return given;
  problems.day = 'Enter a day as YYYY-MM-DD.';
  return null;
}

function refusalOf(
  result: OperationResult<SlotDays>,
): { control: string | null; message: string; status: number } | null {
  const error = result.errors?.[0];
  if (!error && result.data) return null;
  const code = typeof error?.extensions?.code === 'string' ? error.extensions.code : undefined;
  const field = (error?.extensions?.details as { field?: unknown } | undefined)?.field;
  const control = typeof field === 'string' ? (CONTROL_OF[field] ?? null) : null;
  const message =
    code === 'RATE_LIMITED'
      ? 'Too many requests right now. Wait a minute and try again.'
      : (error?.message ?? 'Free times could not be loaded.');
  return { control, message, status: statusOf(code) };
}

export const shift = (date: string, days: number): string =>
  DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!;
const maxDate = (a: string, b: string): string => (a > b ? a : b);
