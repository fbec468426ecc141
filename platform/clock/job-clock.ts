/**
 * A module's time: "now" for its rules (notice periods, snoozes, scheduled sends, metrics) and the wall-clock moment
 * a deferred job must run. Injectable so tests pin dates or script a timeline and still see the jobs fire.
 */
export interface JobClock {
  now(): Date;
  /** The wall-clock moment at which the clock reaches `due` (when the job must run). */
  wallTimeOf(due: Date): Date;
}

export const systemClock: JobClock = {
  now: () => new Date(),
  wallTimeOf: (due) => due,
};

/** A clock running at wall speed from `start` on (tests): now() is `start` plus the time elapsed since creation. */
export class ShiftedClock implements JobClock {
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

/** A clock that stands still at the instant it was last set (tests that compute exact durations by hand). */
export class FrozenClock implements JobClock {
  constructor(private at: Date) {}

  now(): Date {
    return new Date(this.at);
  }

  /** Jobs due `d` after the frozen instant run `d` of wall time from now. */
  wallTimeOf(due: Date): Date {
    return new Date(Date.now() + (due.getTime() - this.at.getTime()));
  }

  set(at: Date): void {
    this.at = at;
  }
}
