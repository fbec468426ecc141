import type { Auth } from '../../platform/auth/auth.js';

/** First message of the platform process: where it listens and the benchmark's keys (one per organization). */
export interface ChildReady {
  type: 'ready';
  url: string;
  keys: string[];
  /** What each key authenticates as, to sign the same caller for the direct subgraph target. */
  auths: Auth[];
  postgres: string;
  /** The inbound SMTP listener's port (a benchmark sending mail to the platform). */
  smtpPort?: number;
}

/**
 * What the runner asks of the platform process. `pause-jobs` lets running jobs finish and takes no new ones (queued
 * jobs wait in the store), `resume-jobs` takes them again: a write bench measures accepting apart from delivering.
 */
export type ParentCommand = { type: 'stop' } | { type: 'pause-jobs' } | { type: 'resume-jobs' } | { type: 'cpu-usage' };

/** The platform process's answer once a `pause-jobs` or `resume-jobs` is done. */
export interface ChildDone {
  type: 'done';
  command: ParentCommand['type'];
}

/** The platform process's answer to `cpu-usage`: its `process.cpuUsage()` so far (microseconds, every thread). */
export interface ChildCpuUsage {
  type: 'cpu-usage';
  user: number;
  system: number;
}
