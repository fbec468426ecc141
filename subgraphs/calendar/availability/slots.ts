import type { Interval, ScheduleRules } from './schedule-rules.js';
import { merge, workingRanges } from './working-ranges.js';
import { localParts } from './local-time.js';

const MINUTE = 60_000;

/** An existing active booking of the host, with its own buffers. */
export interface BusyBooking {
  start: number;
  end: number;
  bufferBefore: number;
  bufferAfter: number;
}

/** Everything slot computation depends on; times are epoch ms, lengths minutes. Pure: no clock, no I/O. */
export interface SlotQuery {
  rules: ScheduleRules;
  /** Slots start in [from, to). */
  from: number;
  to: number;
  duration: number;
  /** Step between slot starts; the grid is anchored at the start of each working range. */
  interval: number;
  bufferBefore: number;
  bufferAfter: number;
  busy: BusyBooking[];
  now: number;
  minimumNotice: number;
  /** Minutes after `now` beyond which nothing can start; null: unlimited. */
  maximumAdvance: number | null;
  /** Bookings allowed per local day of the schedule; null: unlimited. */
  dailyLimit: number | null;
  /** Active bookings of the event type per local date (`YYYY-MM-DD`) of the schedule. */
  bookingsPerDay: Map<string, number>;
}

/**
 * Free slots: working ranges of the schedule, stepped by `interval`, a slot kept when it fits its range, starts
 * after now + minimum notice and before now + maximum advance, its day is under the daily limit, and it clears
 * every booking with both bookings' buffers (an existing booking blocks [start − (its before + new after),
 * end + (its after + new before)), as Cal.com does).
 */
export function computeSlots(q: SlotQuery): Interval[] {
  const length = q.duration * MINUTE;
  const step = q.interval * MINUTE;
  const earliest = Math.max(q.from, q.now + q.minimumNotice * MINUTE);
  const latest = q.maximumAdvance === null ? Infinity : q.now + q.maximumAdvance * MINUTE;
  // Merged, the blocks are disjoint and sorted: one forward pointer serves every slot.
  const blocks = merge(
    q.busy.map((b) => ({
      start: b.start - (b.bufferBefore + q.bufferAfter) * MINUTE,
      end: b.end + (b.bufferAfter + q.bufferBefore) * MINUTE,
    })),
  );
  const full = (start: number) => {
    if (q.dailyLimit === null) return false;
    return (q.bookingsPerDay.get(localParts(q.rules.timezone, start).date) ?? 0) >= q.dailyLimit;
  };
  const slots: Interval[] = [];
  let next = 0; // blocks ending before the current slot never matter again: slots only move forward
  for (const range of workingRanges(q.rules, q.from, q.to)) {
    for (let start = range.start; start + length <= range.end && start < q.to; start += step) {
      if (start < earliest || start > latest) continue;
      const end = start + length;
      while (next < blocks.length && blocks[next]!.end <= start) next++;
      const clash = next < blocks.length && blocks[next]!.start < end;
      if (!clash && !full(start)) slots.push({ start, end });
    }
  }
  return slots;
}

/** A slot as the availability endpoint shows it: HH:mm in the viewer's zone, plus exact ISO times with offset. */
export interface SlotView {
  startTime: string;
  endTime: string;
  start: string;
  end: string;
}

export interface DayView {
  date: string;
  slots: SlotView[];
}

/** Every date from `startDate` to `endDate` in the viewer's zone, with the slots starting on it (possibly none). */
export function groupByDay(slots: Interval[], zone: string, startDate: string, endDate: string): DayView[] {
  const days = new Map<string, SlotView[]>();
  for (let d = Date.parse(`${startDate}T00:00:00Z`); d <= Date.parse(`${endDate}T00:00:00Z`); d += 86_400_000)
    days.set(new Date(d).toISOString().slice(0, 10), []);
  for (const slot of slots) {
    const start = localParts(zone, slot.start);
    const end = localParts(zone, slot.end);
    days.get(start.date)?.push({ startTime: start.time, endTime: end.time, start: start.iso, end: end.iso });
  }
  return [...days].map(([date, daySlots]) => ({ date, slots: daySlots }));
}
