import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';

/** What the SMS module's services use: the platform's dependencies (the sandbox carrier needs nothing more). */
export type SmsDeps = PlatformDeps;
