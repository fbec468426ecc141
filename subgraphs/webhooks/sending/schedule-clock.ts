/**
 * The time the retry schedule runs on. Injectable so a test can run the whole schedule (≈34.6 h) in seconds:
 * due times are computed on this clock, and jobs are stored to run at the wall-clock moment that time arrives.
 */
export interface ScheduleClock {
  /** Now, as the schedule sees it. */
  now(): Date;
  /** The wall-clock time at which the schedule's `due` has arrived (when the job must run). */
  wallTimeOf(due: Date): Date;
}

export const systemClock: ScheduleClock = {
  now: () => new Date(),
  wallTimeOf: (due) => due,
};

/** Time that runs `speedup` times faster than the wall clock from `origin` on (tests; WEBHOOK_RETRY_SPEEDUP). */
export class SpeedupClock implements ScheduleClock {
  constructor(
    readonly speedup: number,
    readonly origin: number = Date.now(),
  ) {}

  now(): Date {
    return new Date(this.origin + (Date.now() - this.origin) * this.speedup);
  }

  wallTimeOf(due: Date): Date {
    return new Date(this.origin + (due.getTime() - this.origin) / this.speedup);
  }
}
