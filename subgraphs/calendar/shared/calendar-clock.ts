/**
 * The calendar's time: "now" for notice, advance and past checks, and when a reminder's job must run. Injectable
 * so tests pin dates (availability is a function of now) and still see reminders fire.
 */
export interface CalendarClock {
  now(): Date;
  /** The wall-clock moment at which the clock's `due` arrives (when the reminder job must run). */
  wallTimeOf(due: Date): Date;
}

export const systemCalendarClock: CalendarClock = {
  now: () => new Date(),
  wallTimeOf: (due) => due,
};

/** A clock running at wall speed from `start` on (tests): now() is `start` plus the time elapsed since creation. */
export class ShiftedClock implements CalendarClock {
  private shiftMs: number;

  constructor(start: Date) {
    this.shiftMs = start.getTime() - Date.now();
  }

  now(): Date {
    return new Date(Date.now() + this.shiftMs);
  }

  wallTimeOf(due: Date): Date {
    return new Date(due.getTime() - this.shiftMs);
  }

  /** Jumps to `at`, then runs on from there. */
  set(at: Date): void {
    this.shiftMs = at.getTime() - Date.now();
  }
}
