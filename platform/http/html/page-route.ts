import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformDeps } from '../../federation/subgraph-module.js';
import type { RateCategory } from '../../rate-limit/plans.js';

/** The answer of one named operation, as the gateway gives it. */
export interface OperationResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}

/** What a page's handler may call: the platform's own named operations, as a caller without a key. */
export interface PageApi {
  /** Runs the operation of that name (a `.graphql` file of the REST bridge's set) through the gateway. */
  run<T = Record<string, unknown>>(operation: string, variables: Record<string, unknown>): Promise<OperationResult<T>>;
}

/**
 * A server-rendered page a module serves on the public port (hosted form, booking page). Its data comes through the
 * same operations, rules and rate limits as the JSON API, so the page runs wherever the gateway runs (split mode
 * included) and can never do what the API refuses.
 */
export interface PageRoute {
  method: 'GET' | 'POST';
  /** Fastify path, `:name` parameters. */
  path: string;
  /** When given and false, the request goes to the REST bridge route of the same path (JSON callers of `/f/:ref`). */
  accepts?(request: FastifyRequest): boolean;
  /** Counted like the bridge's public routes: per IP, this category, this endpoint figure. */
  rateLimit: { category: RateCategory; endpoint?: { limit: number; windowMs: number } };
  /**
   * A POST with files (`multipart/form-data` read as well, files as `PostedFile`s) and the largest body it reads; by
   * default a POST reads only an URL-encoded form of at most 256 KB.
   */
  uploads?: { bodyLimitBytes: number };
  /** A POST reads an `application/x-www-form-urlencoded` body (a plain HTML form) into `request.body`. */
  handle(request: FastifyRequest, reply: FastifyReply, api: PageApi): Promise<unknown>;
}

/** A module with pages of its own; the runner asks once at start-up. */
export interface PageRouteProvider {
  pageRoutes?(deps: PlatformDeps): PageRoute[];
}
