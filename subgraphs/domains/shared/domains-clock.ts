/** The module's time: expiry checks and lifecycle sweeps. Injectable so tests move through a year in seconds. */
export interface DomainsClock {
  now(): Date;
}

export const systemDomainsClock: DomainsClock = { now: () => new Date() };

/** A clock tests set by hand. */
export class ManualClock implements DomainsClock {
  constructor(private at: Date) {}

  now(): Date {
    return new Date(this.at);
  }

  set(at: Date): void {
    this.at = new Date(at);
  }
}
