import type { EntityManager } from '@mikro-orm/postgresql';
import type { Auth } from '../auth/auth.js';

/** What every resolver receives. `em` is a fresh fork scoped to the caller's organization. */
export interface SubgraphContext {
  requestId: string;
  /** Null only for public operations (tracking links, public forms), which check their own token. */
  auth: Auth | null;
  em: EntityManager;
  /** Per-request caches such as DataLoaders, keyed by name. */
  loaders: Map<string, unknown>;
}

/** What travels from the gateway (or bridge) to a subgraph: identity only, never an EntityManager. */
export interface CallerContext {
  requestId: string;
  auth: Auth | null;
}
