import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { JobClock } from '../../platform/clock/job-clock.js';

/** What the forms services and jobs use besides the request context. */
export interface FormsDeps extends PlatformDeps {
  /** Now, for uploads' ages and the orphan sweep; the wall clock unless a test pins it. */
  clock: JobClock;
}
