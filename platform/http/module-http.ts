import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformDeps } from '../federation/subgraph-module.js';
import type { ErrorEnvelope } from './edge/error-envelope.js';
import type { HttpEdge } from './edge/http-edge.js';

/**
 * A path a module serves itself on the public port, beside the REST bridge: for hot paths that cannot afford
 * REST → gateway → subgraph (the AI gateway's chat completions). The runner registers it as a
 * Fastify route: `admit` is its onRequest hook (key, rate limit, method: before the body is read), the body is read
 * by the edge's parser (`request.body`), and what `admit` or `handle` throws answers in `envelope`.
 */
export interface ModuleHttpRoute {
  path: string;
  /** Only this method; other methods on the path go on to the bridge. Unset: every method. */
  method?: 'GET' | 'POST';
  /** The envelope of its errors (the platform's when unset). */
  envelope?: ErrorEnvelope;
  /** Answers without a promise when it can (the AI gateway's key and counters in memory): hot paths pay for each. */
  admit?(request: FastifyRequest, reply: FastifyReply, edge: HttpEdge): void | Promise<void>;
  handle(request: FastifyRequest, reply: FastifyReply, edge: HttpEdge): Promise<unknown>;
}

/** A module with paths of its own; the runner asks once at start-up. */
export interface HttpRouteProvider {
  httpRoutes?(deps: PlatformDeps): ModuleHttpRoute[];
  /** Path prefixes that pages of other sites call from the browser (CORS without credentials; platform/http/cross-origin.ts). */
  crossOriginPaths?: readonly string[];
}
