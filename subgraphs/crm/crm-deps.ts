import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';

/** What the CRM module's services use: the platform's dependencies (jobs for commits and list evaluation). */
export type CrmDeps = PlatformDeps;
