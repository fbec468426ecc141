import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { PlatformPorts } from '../../platform/notifications/platform-ports.js';
import type { CalendarClock } from './shared/calendar-clock.js';

/** What the calendar's services and jobs use. */
export interface CalendarDeps extends PlatformDeps {
  clock: CalendarClock;
  /** The ports of this process (the system-email sender), read when needed. */
  ports(): PlatformPorts;
}
