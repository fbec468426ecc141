import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Auth } from '../../auth/auth.js';
import { DomainError } from '../../errors/domain-error.js';
import type { Logger } from '../../logging/logger.js';
import type { PlatformMetrics } from '../../metrics/platform-metrics.js';
import type { RateCategory } from '../../rate-limit/plans.js';
import { activeSpan, callerAttributes } from '../../tracing/spans.js';
import { readBody, type BodyFormat } from '../read-body.js';
import type { Authentication, RequestGuard } from '../request-guard.js';
import { presentedKey, requestIdOf } from '../request-identity.js';
import { setSecurityHeaders } from '../security-headers.js';
import { INTERNAL_ERROR, sendJson, type ErrorEnvelope } from './error-envelope.js';

/** One request as the edge hands it to an entry (the bridge, /graphql, a module's own path). */
export interface EdgeRequest {
  /** Echoed from a sane X-Request-Id, otherwise made; sent back as X-Request-Id. */
  requestId: string;
  /** Fields of the request's log line (route, organizationId, error). */
  log: Record<string, unknown>;
}

/** What a request is counted against: document 1 part 8's plan category and the endpoint's own figure. */
export interface EdgeLimit {
  /** The route's name in counter keys and logs (`GET /emails/:id`, `graphql`). */
  route: string;
  category: RateCategory;
  endpoint?: { limit: number; windowMs: number };
}

export interface HttpEdgeOptions {
  /** Key lookup and rate-limit counters, one budget for every entry. */
  guard: RequestGuard;
  /** BODY_LIMIT_BYTES: the largest body an entry reads unless it names its own. */
  bodyLimitBytes: number;
  logger: Logger;
  /** Feeds http_requests by method, route label and status. */
  metrics: PlatformMetrics;
  /** The metrics label of a request from its log fields: a route template or a fixed path, never a raw path. */
  routeLabel(log: Record<string, unknown>): string;
}

const NO_KEY: Authentication = { kind: 'none' };

/**
 * The public port's one HTTP pipeline (issue 21 part 4): request id, security headers, the request's log line and
 * metrics, key lookup, rate limit (headers, 429 with Retry-After), body limit, and errors in the entry's envelope.
 * Every entry (the REST bridge, /graphql, direct routes, the AI gateway, public routes through the bridge) runs these
 * steps here and keeps only its own rules (which keys it accepts, its envelope).
 *
 * Our own module on node:http for now, not Fastify's hooks: measured side by side on these steps alone, Fastify was not
 * slower (BENCHMARKS.md, "HTTP edge"), but moving the public port to it (the bridge's streams, the AI gateway's raw
 * SSE responses, graphql-ws on the same server) is a change of its own. The steps map one to one onto its hooks:
 * listener → onRequest/onResponse, admit → preHandler, readBody → the body parser, fail → setErrorHandler.
 */
export class HttpEdge {
  private active = 0;

  constructor(private readonly options: HttpEdgeOptions) {}

  get guard(): RequestGuard {
    return this.options.guard;
  }

  /** Requests being answered, for the shutdown drain. */
  get inFlight(): number {
    return this.active;
  }

  /** The server's request listener: the steps every request takes, around `dispatch` that picks the entry. */
  listener(dispatch: (req: IncomingMessage, res: ServerResponse, request: EdgeRequest) => Promise<unknown>) {
    return (req: IncomingMessage, res: ServerResponse) => void this.serve(req, res, dispatch);
  }

  private async serve(req: IncomingMessage, res: ServerResponse, dispatch: (req: IncomingMessage, res: ServerResponse, request: EdgeRequest) => Promise<unknown>) {
    const { logger, metrics, routeLabel } = this.options;
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req);
    const log: Record<string, unknown> = { requestId, method: req.method, path: (req.url ?? '').split('?')[0] };
    res.setHeader('X-Request-Id', requestId);
    activeSpan()?.setAttributes(callerAttributes(requestId, undefined)); // the HTTP server span, when tracing is on
    setSecurityHeaders(res);
    this.active++;
    res.on('close', () => {
      this.active--;
      metrics.httpRequests.observe({ method: req.method ?? 'GET', route: routeLabel(log), status: res.statusCode }, Number(process.hrtime.bigint() - started) / 1e9);
      const level = log.error || res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.enabled(level)) return;
      logger[level]('request', { ...log, status: res.statusCode, durationMs: Number(process.hrtime.bigint() - started) / 1e6 });
    });
    try {
      await dispatch(req, res, { requestId, log });
    } catch (error) {
      log.error = error;
      if (!res.headersSent) sendJson(res, INTERNAL_ERROR.status, INTERNAL_ERROR.body);
    }
  }

  /**
   * Looks the presented key up (only when `lookUp` accepts it: the AI gateway looks up gw_sk_ keys alone) and counts
   * the request: rate-limit headers set, RATE_LIMITED (429, Retry-After) thrown when refused. A bad or missing key
   * is counted per IP, so every answer carries the headers; whether it may pass is the entry's rule (requireKey).
   * Answers without a promise when the key and the counters are in memory: every promise costs on the hot paths,
   * since MikroORM's AsyncLocalStorage turns Node 20's async hooks on for the whole process.
   */
  admit(req: IncomingMessage, res: ServerResponse, request: EdgeRequest, limit: EdgeLimit, lookUp?: (key: string) => boolean): Authentication | Promise<Authentication> {
    const { guard } = this.options;
    const skipped = lookUp !== undefined && !lookUpsKey(req, lookUp);
    const authentication = skipped ? NO_KEY : guard.authenticateNow(req);
    if (authentication) {
      const limited = guard.limitNow(req, callerOf(authentication), limit.route, limit.category, limit.endpoint);
      if (limited) return this.counted(res, request, authentication, limited);
    }
    return this.admitLater(req, res, request, limit, authentication);
  }

  private async admitLater(req: IncomingMessage, res: ServerResponse, request: EdgeRequest, limit: EdgeLimit, known: Authentication | undefined) {
    const { guard } = this.options;
    const authentication = known ?? await guard.authenticate(req);
    const limited = await guard.limit(req, callerOf(authentication), limit.route, limit.category, limit.endpoint);
    return this.counted(res, request, authentication, limited);
  }

  private counted(res: ServerResponse, request: EdgeRequest, authentication: Authentication, limited: Awaited<ReturnType<RequestGuard['limit']>>): Authentication {
    const organizationId = callerOf(authentication)?.organizationId;
    request.log.organizationId = organizationId;
    if (organizationId) activeSpan()?.setAttributes(callerAttributes(undefined, organizationId));
    for (const name in limited.headers) res.setHeader(name, limited.headers[name]!);
    const { decision } = limited;
    if (!decision.allowed) throw new DomainError('RATE_LIMITED', `Too many requests; retry in ${decision.retryAfter} s`, { retryAfter: decision.retryAfter });
    return authentication;
  }

  /** The caller of a request that needs a key: UNAUTHORIZED (401) without one or with a bad one. */
  requireKey(authentication: Authentication): Auth {
    if (authentication.kind !== 'ok') throw new DomainError('UNAUTHORIZED', authentication.kind === 'none' ? 'Missing API key' : 'Invalid API key');
    return authentication.auth;
  }

  /** The body up to the entry's limit (BODY_LIMIT_BYTES unless given): 413 above it, 415 and 400 as read-body.ts says. */
  readBody(req: IncomingMessage, limit = this.options.bodyLimitBytes, format?: BodyFormat): Promise<unknown> {
    return readBody(req, limit, format);
  }

  /**
   * Answers an error in the entry's envelope. An error the envelope does not know is logged and becomes its 500
   * (the platform's when it has none); a 5xx puts its message on the log line.
   */
  fail(res: ServerResponse, request: EdgeRequest, error: unknown, envelope: ErrorEnvelope): void {
    let rendered = envelope(error);
    if (rendered) {
      if (rendered.status >= 500) request.log.error ??= (error as Error).message;
    } else {
      request.log.error = error;
      rendered = envelope(new DomainError('INTERNAL_ERROR', 'Internal server error')) ?? INTERNAL_ERROR;
    }
    sendJson(res, rendered.status, rendered.body, rendered.headers);
  }
}

function callerOf(authentication: Authentication): Auth | null {
  return authentication.kind === 'ok' ? authentication.auth : null;
}

function lookUpsKey(req: IncomingMessage, lookUp: (key: string) => boolean): boolean {
  const key = presentedKey(req);
  return key !== undefined && lookUp(key);
}
