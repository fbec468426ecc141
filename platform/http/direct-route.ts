import type { IncomingHttpHeaders } from 'node:http';
import type { Auth } from '../auth/auth.js';
import type { PlatformDeps } from '../federation/subgraph-module.js';
import type { RateCategory } from '../rate-limit/plans.js';
import type { SubgraphContext } from '../context/subgraph-context.js';

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

/**
 * A REST bridge operation a module answers in-process with the code its resolver calls, instead of the bridge
 * sending the named GraphQL operation through the gateway. The bridge still matches the route, checks the key, rate
 * limit and body, builds the variables and renders the envelope; only the GraphQL execution is skipped. Offered only
 * where the module runs in-process; in split mode the bridge sends the operation to the module's process as before.
 */
export interface LocalOperation {
  /** The bridge operation's name (its `.graphql` file). */
  operation: string;
  /** What the resolver's `@Authorized(...)` demands. */
  authorized: string[];
  /**
   * Resolves to the value of the operation's one root field, as the resolver returns it (entities, Dates): the bridge
   * shapes it by the operation's selection; throws as the resolver throws.
   */
  run(variables: Record<string, unknown>, context: SubgraphContext): Promise<unknown>;
}

export interface DirectRouteProvider {
  directRoutes?(deps: PlatformDeps): DirectRoute[];
  localOperations?(deps: PlatformDeps): LocalOperation[];
}
