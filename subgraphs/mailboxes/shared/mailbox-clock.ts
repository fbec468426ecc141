/** The mailboxes' time: "now" for scheduled sends, and when a scheduled message's job must run. Injectable for tests. */
export interface MailboxClock {
  now(): Date;
  /** The wall-clock moment at which the clock reaches `due`. */
  wallTimeOf(due: Date): Date;
}

export const systemMailboxClock: MailboxClock = { now: () => new Date(), wallTimeOf: (due) => due };

/** A clock running at wall speed from `start` on (tests pin dates and still see scheduled sends fire). */
export class ShiftedMailboxClock implements MailboxClock {
  private readonly shiftMs: number;

  constructor(start: Date) {
    this.shiftMs = start.getTime() - Date.now();
  }

  now(): Date {
    return new Date(Date.now() + this.shiftMs);
  }

  wallTimeOf(due: Date): Date {
    return new Date(due.getTime() - this.shiftMs);
  }
}
