/** The mailboxes' time: "now" for scheduled sends, and when a scheduled message's job must run. Injectable for tests. */
export interface MailboxClock {
  now(): Date;
  /** The wall-clock moment at which the clock reaches `due`. */
  wallTimeOf(due: Date): Date;
}

export const systemMailboxClock: MailboxClock = { now: () => new Date(), wallTimeOf: (due) => due };
