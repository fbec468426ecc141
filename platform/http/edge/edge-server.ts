import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRequestHookHandler,
} from 'fastify';
import type { Auth } from '../../auth/auth.js';
import { DomainError } from '../../errors/domain-error.js';
import type { Logger } from '../../logging/logger.js';
import type { PlatformMetrics } from '../../metrics/platform-metrics.js';
import { activeSpan, callerAttributes } from '../../tracing/spans.js';
import { readBody, type BodyFormat } from '../read-body.js';
import { requestIdOf } from '../request-identity.js';
import { setSecurityHeaders } from '../security-headers.js';
import { clientErrorHandler } from './client-error.js';
import { renderFailure, replyJson, type ErrorEnvelope } from './error-envelope.js';

/** How a route reads its body: JSON up to BODY_LIMIT_BYTES unless it says otherwise; `read: false` drains it unread. */
export interface BodyRule {
  format?: BodyFormat;
  limit?: number;
  read?: false;
}

/** One request as the edge hands it to an entry (the bridge, /graphql, a module's own path): `request.edge`. */
export interface EdgeRequest {
  /** Echoed from a sane X-Request-Id, otherwise made; sent back as X-Request-Id (Fastify's request id too). */
  requestId: string;
  /** Fields of the request's log line (route, organizationId, error). */
  log: Record<string, unknown>;
  /** The caller, once the entry's admission found a key. */
  auth?: Auth;
  /** The body rule of this request, set by its route's onRequest (the bridge's table route); JSON by default. */
  body?: BodyRule;
  /** The envelope of this request's errors when its route decides it per request (the bridge: by module prefix). */
  envelope?: ErrorEnvelope;
  /** Start of the request (process.hrtime), for its duration. */
  started: bigint;
  /** The raw response, whose status the log line reports. */
  response: ServerResponse;
  /** The log line was written (a finished and an aborted answer do not both count). */
  done?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    edge: EdgeRequest;
  }
  interface FastifyContextConfig {
    /** The envelope of the route's errors (the edge's default when unset). */
    envelope?: ErrorEnvelope;
  }
}

export interface EdgeServerOptions {
  logger: Logger;
  /** Feeds http_requests by method, route label and status. */
  metrics: PlatformMetrics;
  /** The metrics label of a request from its log fields: a route template or a fixed path, never a raw path. */
  routeLabel(log: Record<string, unknown>): string;
  /** BODY_LIMIT_BYTES: the largest body a route reads unless it names its own. */
  bodyLimitBytes: number;
  /** The level of a request's line when it went well (the public port logs every request, module processes debug). */
  requestLogLevel: 'info' | 'debug';
  /** Errors of routes without an envelope of their own. */
  envelope: ErrorEnvelope;
}

const JSON_BODY: BodyRule = {};

/** Every method Fastify routes: entries that answer any method (their own 405s) register for all of them. */
export const ALL_METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;

/** A Fastify server whose hooks are the edge's steps, and the count of requests being answered (the shutdown drain). */
export interface EdgeServer {
  app: FastifyInstance;
  server: Server;
  readonly inFlight: number;
}

/**
 * The one HTTP pipeline of the public port and of every module process, as Fastify 5 hooks:
 * - onRequest: request id (echoed or made, X-Request-Id), security headers, the in-flight count, tracing attributes;
 * - a route's own onRequest: key and rate limit (HttpEdge.admit), before the body is read, so a refused key never
 *   has its body read or parsed;
 * - the content-type parser: body limit (413), content type (415) and malformed JSON (400) by read-body.ts, for every
 *   content type, with the route's (or, for the bridge, the matched table route's) limit and format;
 * - setErrorHandler / setNotFoundHandler: errors in the route's envelope (REST, GraphQL, OpenAI-style, the platform's);
 * - onResponse (and the response's close for a client gone before the end): the request's log line and http_requests.
 * The server is node:http with keepAliveTimeout 65 s (above common load balancers' 60 s idle timeout), node's own
 * request timeouts, and no Fastify drain: the runner drains in-flight requests itself (graceful shutdown).
 */
export function createEdgeServer(options: EdgeServerOptions): EdgeServer {
  const { logger, metrics, routeLabel, requestLogLevel } = options;
  let active = 0;
  const app = Fastify({
    serverFactory: (handler) => createServer({ keepAliveTimeout: 65_000 }, handler),
    genReqId: (req) => requestIdOf(req as IncomingMessage),
    logger: false,
    // HEAD is not GET here: a path answers HEAD only where it says so (today's answers), not through an automatic route.
    exposeHeadRoutes: false,
    return503OnClosing: false,
    // find-my-way answers a path it cannot percent-decode with its own 400 before any hook; such a path is routed
    // with its stray % escaped (to the bridge, which answers it as unmatched), and entries read `originalUrl`.
    rewriteUrl: (req) => routableUrl(req.url ?? '/'),
    clientErrorHandler: clientErrorHandler(options.envelope),
  });
  const server = app.server;

  app.decorateRequest('edge', null as unknown as EdgeRequest);
  app.addHook('onRequest', (request, reply, done) => {
    const requestId = request.id;
    const res = reply.raw;
    request.edge = {
      requestId,
      log: { requestId, method: request.method, path: request.originalUrl.split('?')[0] },
      started: process.hrtime.bigint(),
      response: res,
    };
    // Set on the raw response: answers written raw (streams, SSE) keep them, and Fastify's writeHead merges them.
    res.setHeader('X-Request-Id', requestId);
    setSecurityHeaders(res);
    activeSpan()?.setAttributes(callerAttributes(requestId, undefined)); // the HTTP server span, when tracing is on
    active++;
    // A client gone before the end gets its line here (Fastify's onResponse runs on 'finish' alone).
    res.once('close', () => {
      active--;
      observe(request);
    });
    done();
  });
  const observe = (request: FastifyRequest) => {
    const edge = request.edge;
    if (!edge || edge.done) return;
    edge.done = true;
    const status = edge.response.statusCode;
    const elapsed = Number(process.hrtime.bigint() - edge.started);
    metrics.httpRequests.observe({ method: request.method, route: routeLabel(edge.log), status }, elapsed / 1e9);
    const level = edge.log.error || status >= 500 ? 'error' : requestLogLevel;
    if (logger.enabled(level)) logger[level]('request', { ...edge.log, status, durationMs: elapsed / 1e6 });
  };
  app.addHook('onResponse', (request, _reply, done) => {
    observe(request);
    done();
  });

  // One parser for every content type: read-body.ts knows JSON (with its charsets) and forms, and answers the rest 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, _payload, done) => {
    const rule = request.edge.body ?? JSON_BODY;
    if (rule.read === false) {
      request.raw.resume();
      done(null, undefined);
      return;
    }
    readBody(request.raw, rule.limit ?? options.bodyLimitBytes, rule.format).then(
      (body) => done(null, body),
      (error: Error) => done(error, undefined),
    );
  });

  app.setErrorHandler((error, request, reply) => {
    const envelope = request.edge?.envelope ?? request.routeOptions.config.envelope ?? options.envelope;
    const rendered = renderFailure(fromFastify(error, request), request.edge?.log ?? {}, envelope);
    if (reply.raw.headersSent) return reply.raw.end();
    return replyJson(reply, rendered.status, rendered.body, rendered.headers);
  });

  return {
    app,
    server,
    get inFlight() {
      return active;
    },
  };
}

/**
 * An entry's step before the body is read (key, rate limit, its own checks) as a route's onRequest hook: callback
 * style, so a step that answers from memory costs no promise (hot paths pay for each, see HttpEdge.admit).
 */
export function onRequestStep(
  step: (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>,
): onRequestHookHandler {
  return (request, reply, done) => {
    let pending;
    try {
      pending = step(request, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (pending) pending.then(() => done(), done);
    else done();
  };
}

/** Fastify's own refusals in the platform's codes (its 415 for a Content-Type header it cannot parse, its 400s). */
function fromFastify(error: unknown, request: FastifyRequest): unknown {
  if (
    !(error instanceof Error) ||
    error instanceof DomainError ||
    !('code' in error) ||
    typeof error.code !== 'string' ||
    !error.code.startsWith('FST_')
  )
    return error;
  const status = (error as FastifyError).statusCode ?? 500;
  const received = request.headers['content-type'] ?? null;
  if (status === 415)
    return new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be application/json', {
      field: 'Content-Type',
      received,
      expected: 'application/json',
    });
  if (status === 413) return new DomainError('PAYLOAD_TOO_LARGE', error.message);
  if (status >= 400 && status < 500) return new DomainError('INVALID_REQUEST', error.message);
  return error;
}

/** The URL as Fastify's router can decode it: unchanged unless its path holds a malformed %-escape. */
function routableUrl(url: string): string {
  if (!url.includes('%')) return url;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return path.replace(/%/g, '%25') + (query < 0 ? '' : url.slice(query));
  }
}
