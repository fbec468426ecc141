import type { Auth } from '../../platform/auth/auth.js';

/** First message of the platform process: where it listens and the benchmark's keys (one per organization). */
export interface ChildReady {
  type: 'ready';
  url: string;
  keys: string[];
  /** What each key authenticates as, to sign the same caller for the direct subgraph target. */
  auths: Auth[];
  postgres: string;
}

/** What the runner asks of the platform process. */
export type ParentCommand = { type: 'stop' };
