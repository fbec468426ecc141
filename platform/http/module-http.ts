import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformDeps } from '../federation/subgraph-module.js';
import type { EdgeRequest, HttpEdge } from './edge/http-edge.js';

/** What the runner hands a module's own HTTP handler: the request, and the edge that REST and /graphql use too. */
export interface ModuleRequestContext extends EdgeRequest {
  /** Key lookup, rate limit, body limit and error answers, one budget with REST and /graphql. */
  edge: HttpEdge;
}

/**
 * A path a module serves itself on the public port, beside the REST bridge: for hot paths that cannot afford
 * REST → gateway → subgraph (the AI gateway's chat completions, DESIGN.md section 2). Any method reaches it.
 */
export interface ModuleHttpRoute {
  path: string;
  /** Only this method; other methods on the path go on to the bridge. Unset: every method. */
  method?: string;
  handle(req: IncomingMessage, res: ServerResponse, context: ModuleRequestContext): Promise<void>;
}

/** A module with paths of its own; the runner asks once at start-up. */
export interface HttpRouteProvider {
  httpRoutes?(deps: PlatformDeps): ModuleHttpRoute[];
}
