import type { IncomingHttpHeaders } from 'node:http';
import type { Auth } from '../auth/auth.js';
import type { PlatformDeps } from '../federation/subgraph-module.js';
import type { RateCategory } from '../rate-limit/plans.js';

/** What a direct route's handler gets: the parsed JSON body and the authenticated caller. */
export interface DirectRequest {
  body: unknown;
  auth: Auth;
  ip: string;
  headers: IncomingHttpHeaders;
  requestId: string;
}

/**
 * A JSON hot path a module serves in-process, beside the REST bridge: the JSON form of a module path
 * (module-http.ts, which the AI gateway uses raw). The runner authenticates the key, counts the rate limit and
 * renders the platform envelope; the handler skips the bridge → gateway → subgraph hops. Mounted only where the
 * module runs in-process; elsewhere the bridge route of the same path answers.
 */
export interface DirectRoute {
  method: 'GET' | 'POST';
  path: string;
  /** The key scope it needs (SERVER keys only). */
  scope: string;
  rateLimit: { category: RateCategory; endpoint?: { limit: number; windowMs: number } };
  /** Resolves to the `data` of `{success: true, data}`; throws a DomainError for an error answer. */
  handle(req: DirectRequest): Promise<unknown>;
}

export interface DirectRouteProvider {
  directRoutes?(deps: PlatformDeps): DirectRoute[];
}
