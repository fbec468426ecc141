import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { PlatformPorts } from '../../platform/ports/port-registry.js';
import type { JobClock } from '../../platform/clock/job-clock.js';

/** What the calendar's services and jobs use. */
export interface CalendarDeps extends PlatformDeps {
  clock: JobClock;
  /** The ports of this process (the system-email sender), read when needed. */
  ports(): PlatformPorts;
}
