import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../../auth/auth.js';
import { DomainError } from '../../errors/domain-error.js';
import type { RateCategory } from '../../rate-limit/plans.js';
import { activeSpan, callerAttributes } from '../../tracing/spans.js';
import type { Authentication, RequestGuard } from '../request-guard.js';
import { presentedKey } from '../request-identity.js';
import type { EdgeRequest } from './edge-server.js';

/** What a request is counted against: the plan's category and the endpoint's own figure. */
export interface EdgeLimit {
  /** The route's name in counter keys and logs (`GET /emails/:id`, `graphql`). */
  route: string;
  category: RateCategory;
  endpoint?: { limit: number; windowMs: number };
}

export interface HttpEdgeOptions {
  /** Key lookup and rate-limit counters, one budget for every entry. */
  guard: RequestGuard;
}

const NO_KEY: Authentication = { kind: 'none' };

/**
 * Key lookup and rate limit of the public port, one budget for every entry: the REST bridge,
 * /graphql, direct routes and the AI gateway call `admit` from their route's onRequest hook (before the body is read)
 * and keep only their own rules (which keys they accept, whether a key is needed). The other steps (request id,
 * headers, log line and metrics, body limit, error envelope) are the Fastify hooks of edge-server.ts.
 *
 * Fastify 5 with hooks rather than a pipeline of our own on node:http: on the edge's steps alone
 * Fastify was not slower (12,681 vs 11,743 req/s), and on the AI gateway's POST /ai/v1/chat/completions after the
 * move it kept its figures in 14 interleaved rounds against the build before (median server CPU per request 0.546 vs
 * 0.558 ms and 0.598 vs 0.639 ms in two runs; req/s within the machine's noise either way). BENCHMARKS.md, "HTTP edge".
 */
export class HttpEdge {
  constructor(private readonly options: HttpEdgeOptions) {}

  get guard(): RequestGuard {
    return this.options.guard;
  }

  /**
   * Looks the presented key up (only when `lookUp` accepts it: the AI gateway looks up gw_sk_ keys alone) and counts
   * the request: rate-limit headers set, RATE_LIMITED (429, Retry-After) thrown when refused. A bad or missing key
   * is counted per IP, so every answer carries the headers; whether it may pass is the entry's rule (requireKey).
   * Answers without a promise when the key and the counters are in memory: every promise costs on the hot paths,
   * since MikroORM's AsyncLocalStorage turns Node 20's async hooks on for the whole process.
   */
  admit(
    request: FastifyRequest,
    reply: FastifyReply,
    limit: EdgeLimit,
    lookUp?: (key: string) => boolean,
  ): Authentication | Promise<Authentication> {
    const { guard } = this.options;
    const req = request.raw;
    const res = reply.raw;
    const skipped = lookUp !== undefined && !lookUpsKey(req, lookUp);
    const authentication = skipped ? NO_KEY : guard.authenticateNow(req);
    if (authentication) {
      const limited = guard.limitNow(req, callerOf(authentication), limit.route, limit.category, limit.endpoint);
      if (limited) return this.counted(res, request.edge, authentication, limited);
    }
    return this.admitLater(req, res, request.edge, limit, authentication);
  }

  private async admitLater(
    req: IncomingMessage,
    res: ServerResponse,
    request: EdgeRequest,
    limit: EdgeLimit,
    known: Authentication | undefined,
  ) {
    const { guard } = this.options;
    const authentication = known ?? (await guard.authenticate(req));
    const limited = await guard.limit(req, callerOf(authentication), limit.route, limit.category, limit.endpoint);
    return this.counted(res, request, authentication, limited);
  }

  private counted(
    res: ServerResponse,
    request: EdgeRequest,
    authentication: Authentication,
    limited: Awaited<ReturnType<RequestGuard['limit']>>,
  ): Authentication {
    const organizationId = callerOf(authentication)?.organizationId;
    request.log.organizationId = organizationId;
    if (organizationId) activeSpan()?.setAttributes(callerAttributes(undefined, organizationId));
    for (const name in limited.headers) res.setHeader(name, limited.headers[name]!);
    const { decision } = limited;
    if (!decision.allowed)
      throw new DomainError('RATE_LIMITED', `Too many requests; retry in ${decision.retryAfter} s`, {
        retryAfter: decision.retryAfter,
      });
    return authentication;
  }

  /** The caller of a request that needs a key: UNAUTHORIZED (401) without one or with a bad one. */
  requireKey(authentication: Authentication): Auth {
    if (authentication.kind !== 'ok')
      throw new DomainError('UNAUTHORIZED', authentication.kind === 'none' ? 'Missing API key' : 'Invalid API key');
    return authentication.auth;
  }
}

function callerOf(authentication: Authentication): Auth | null {
  return authentication.kind === 'ok' ? authentication.auth : null;
}

function lookUpsKey(req: IncomingMessage, lookUp: (key: string) => boolean): boolean {
  const key = presentedKey(req);
  return key !== undefined && lookUp(key);
}
