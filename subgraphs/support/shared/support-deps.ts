import type { PlatformDeps } from '../../../platform/federation/subgraph-module.js';
import type { PlatformPorts } from '../../../platform/ports/port-registry.js';
import type { JobClock } from '../../../platform/clock/job-clock.js';
import type { TypingOptions } from '../typing/typing-options.js';

/** What the support services and jobs use. */
export interface SupportDeps extends PlatformDeps {
  clock: JobClock;
  /** Typing signals' expiry and throttle window. */
  typing: TypingOptions;
  /** The ports of this process (the system-email sender), read when needed. */
  ports(): PlatformPorts;
}
