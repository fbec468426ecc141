import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { assertSubgraphScope } from '../platform/auth/module-scope.js';
import { DomainError } from '../platform/errors/domain-error.js';
import { statusOf } from '../platform/errors/error-codes.js';
import type { CallerContext } from '../platform/context/subgraph-context.js';
import type { HttpEdge } from '../platform/http/edge/http-edge.js';
import { domainEnvelope, replyJson, type ErrorEnvelope } from '../platform/http/edge/error-envelope.js';
import type { Authentication } from '../platform/http/request-guard.js';
import { clientIp } from '../platform/http/request-identity.js';
import { unsafeText } from '../platform/http/safe-input.js';
import { renderError, renderList, renderSuccess, type EnvelopeStyle } from './envelopes.js';
import type { Operation } from './operations.js';
import type { BridgeRequest, ModuleRoutes, QueryParamType, RouteSpec } from './route-table.js';
import { declaredVariables } from './request-values.js';
import type { BodyRules } from './body-rules.js';
import type { LocalOperations } from './local-operations.js';
import { redacted } from './body-check.js';
import { inRestWords } from './rest-words.js';
import { activeSpan, callerAttributes, startSpan, withSpan } from '../platform/tracing/spans.js';
import type { Span } from '@opentelemetry/api';

/** Runs one named operation on the gateway in-process. */
export type ExecuteOperation = (
  operation: Operation,
  variables: Record<string, unknown>,
  context: CallerContext,
) => Promise<{
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}>;

export interface RestBridgeOptions {
  modules: ModuleRoutes[];
  operations: Map<string, Operation>;
  execute: ExecuteOperation;
  /** Key lookup, rate limit, body limit and error answers, shared with /graphql and the modules' own paths. */
  edge: HttpEdge;
  /** Each route's body rules (from the API schema): a body that breaks them is refused before its operation runs. */
  bodyRules?: BodyRules;
  /** The scope a module's routes demand of a key (`ModuleCatalog.subgraphScope`). */
  scopeOf: (module: string) => string | null;
  /** Operations in-process modules answer without GraphQL execution (local-operations.ts). */
  local?: LocalOperations;
}

interface CompiledRoute {
  spec: RouteSpec;
  module: ModuleRoutes;
  pattern: RegExp;
  paramNames: string[];
  /** `GET /emails/messages/:id`: the rate-limit and log name of the route. */
  name: string;
}

interface RouteMatch {
  route: CompiledRoute;
  params: Record<string, string>;
}

/** What the bridge's onRequest found for a request, for its handler. */
interface Bridged {
  url: URL;
  path: string;
  method: string;
  match: RouteMatch | null;
  style: EnvelopeStyle;
  span: Span;
}

/** The REST face of the platform: documented paths → named GraphQL operations → the module's envelope. */
export class RestBridge {
  private readonly routes: CompiledRoute[] = [];
  private readonly staticRoutes = new Map<string, CompiledRoute>();
  /** Each envelope style's error answer for the edge. */
  private readonly envelopes = new Map<EnvelopeStyle, ErrorEnvelope>();
  private readonly bridged = new WeakMap<FastifyRequest, Bridged>();

  constructor(private readonly options: RestBridgeOptions) {
    for (const module of options.modules) {
      for (const spec of module.routes) {
        if (!options.operations.has(spec.operation))
          throw new Error(`Route ${spec.method} ${spec.path} names unknown operation ${spec.operation}`);
        const paramNames: string[] = [];
        const source = spec.path.replace(/:(\w+)/g, (_m, name: string) => {
          paramNames.push(name);
          return '([^/]+)';
        });
        const compiled = {
          spec,
          module,
          pattern: new RegExp(`^${source}/?$`),
          paramNames,
          name: `${spec.method} ${spec.path}`,
        };
        if (paramNames.length === 0) this.staticRoutes.set(`${spec.method} ${spec.path}`, compiled);
        this.routes.push(compiled);
      }
    }
  }

  /**
   * The bridge's route (the onRequest hook of its one wildcard route, and the not-found handler): matches the table,
   * counts the request (key, rate limit: every answer of the bridge carries the headers, 404s and 405s too), refuses
   * an unmatched path in the envelope of the module owning its prefix, and sets the body rule of the matched route
   * (format, limit, or none) for the edge's parser. The body is read after this, never for a refused request.
   */
  admit(request: FastifyRequest, reply: FastifyReply): Promise<void> | void {
    const url = new URL(request.originalUrl, 'http://local');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
    const method = request.method.toUpperCase();
    const match = this.match(method, path);
    const module =
      match?.route.module ?? this.options.modules.find((m) => path === m.prefix || path.startsWith(m.prefix + '/'));
    const edge = request.edge;
    edge.envelope = this.envelopeOf(module?.envelope ?? 'platform');
    // One span per bridged request from its admission (the key lookup's SQL) to its answer, named by the route
    // template (never the raw path); the HTTP span gets the route too.
    const server = activeSpan();
    if (match) server?.updateName(match.route.name).setAttribute('http.route', match.route.spec.path);
    const span = startSpan(`bridge ${match?.route.name ?? `${method} unmatched`}`, {
      ...callerAttributes(edge.requestId, undefined),
      ...(match ? { 'rest.operation': match.route.spec.operation } : {}),
    });
    reply.raw.once('close', () => span.end());
    const bridged: Bridged = { url, path, method, match, style: module?.envelope ?? 'platform', span };
    this.bridged.set(request, bridged);
    const route = match?.route;
    return withSpan(span, () => {
      const authentication = this.options.edge.admit(request, reply, {
        route: route?.name ?? 'unmatched',
        category: route?.spec.rateLimit.category ?? (method === 'GET' ? 'reads' : 'general'),
        endpoint: route?.spec.rateLimit.endpoint,
      });
      const tagged = (a: Authentication) => {
        // The bridge span has the organization from the edge; the HTTP span gets it here.
        if (a.kind === 'ok' && server !== span)
          server?.setAttributes(callerAttributes(undefined, a.auth.organizationId));
        return this.admitted(request, reply, bridged, a);
      };
      return authentication instanceof Promise ? authentication.then(tagged) : tagged(authentication);
    });
  }

  private admitted(
    request: FastifyRequest,
    reply: FastifyReply,
    { path, method, match }: Bridged,
    authentication: Authentication,
  ): void {
    const { edge } = request;
    if (authentication.kind === 'ok') edge.auth = authentication.auth;
    if (!match) {
      if (this.routes.some((r) => r.pattern.test(path))) {
        reply.raw.setHeader(
          'Allow',
          this.routes
            .filter((r) => r.pattern.test(path))
            .map((r) => r.spec.method)
            .join(', '),
        );
        throw new DomainError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`);
      }
      throw new DomainError('NOT_FOUND', `No route for ${method} ${path}`);
    }
    const { spec } = match.route;
    edge.log.route = match.route.name;
    for (const [name, value] of Object.entries(match.params)) {
      const problem = unsafeText(value);
      if (problem)
        throw new DomainError('INVALID_REQUEST', `Path parameter ${name} ${problem}`, {
          field: name,
          received: problem,
          expected: 'text without NUL or lone surrogates',
        });
    }
    if (spec.auth !== 'public') {
      this.options.edge.requireKey(authentication);
      // The key's scope before its body: a key that may not call the route learns nothing from the body's validation.
      if (authentication.kind === 'ok')
        assertSubgraphScope(authentication.auth, this.options.scopeOf(match.route.module.module));
    }
    const reads = !(method === 'GET' || (method === 'DELETE' && !spec.deleteWithBody) || spec.ignoreBody);
    edge.body = reads ? { limit: spec.bodyLimitBytes, format: spec.body } : { read: false };
  }

  /** Runs the matched route's operation (in the request's bridge span) and answers in its module's envelope. */
  async handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const bridged = this.bridged.get(request)!;
    await withSpan(bridged.span, () => this.serve(request, reply, bridged));
    return reply;
  }

  private async serve(request: FastifyRequest, reply: FastifyReply, { url, match, style }: Bridged): Promise<void> {
    const { spec } = match!.route;
    const { requestId, log } = request.edge;
    const auth = request.edge.auth ?? null;
    const bridgeRequest: BridgeRequest = {
      params: match!.params,
      query: convertQuery(url.searchParams, spec.query ?? {}),
      body: request.body,
      headers: request.headers,
      ip: clientIp(request.raw),
    };
    this.checkBody(spec, request.body);
    const variables = spec.variables ? spec.variables(bridgeRequest) : declaredVariables(spec, bridgeRequest);
    const operation = this.options.operations.get(spec.operation)!;
    const caller = { requestId, auth };
    const result = await (this.options.local?.answer(operation, variables, caller) ??
      this.options.execute(operation, variables, caller));
    if (result.errors?.length) {
      const first = [...result.errors].sort(
        (a, b) => statusFromExtensions(b.extensions) - statusFromExtensions(a.extensions),
      )[0]!;
      const code = String(first.extensions?.code ?? 'INTERNAL_ERROR');
      const status = statusFromExtensions(first.extensions);
      const details = first.extensions?.details as { retryAfter?: unknown } | undefined;
      // A refusal that says when to come back (429, 503) carries it as Retry-After too, in seconds.
      const retryAfter =
        (status === 429 || status === 503) && typeof details?.retryAfter === 'number' && details.retryAfter > 0
          ? { 'Retry-After': String(Math.ceil(details.retryAfter)) }
          : undefined;
      const error = restError({ code, message: first.message, details: first.extensions?.details }, spec);
      replyJson(reply, status, renderError(style, status, error), retryAfter);
      return;
    }
    const value = result.data?.[spec.result];
    if (spec.stream) {
      // Pages written as they come, with the socket's back-pressure: the raw response is ours from here.
      reply.hijack();
      await this.stream(spec, bridgeRequest, variables, value, reply.raw, { requestId, auth }, log);
      return;
    }
    if (spec.respond) {
      // Pixels, redirects, pages and downloads written by the route itself.
      reply.hijack();
      spec.respond(value, reply.raw, bridgeRequest);
      return;
    }
    if (spec.status === 204) {
      reply.code(204).send();
      return;
    }
    const payload = spec.list
      ? renderList(style, value as { data: unknown[]; meta: Record<string, unknown> })
      : renderSuccess(style, value);
    replyJson(reply, spec.status ?? 200, payload);
  }

  /** A JSON object body is held to the route's rules; anything else is left to the route (it names `body`). */
  private checkBody(spec: RouteSpec, body: unknown): void {
    const rules = this.options.bodyRules;
    if (!rules) return;
    const value = body === undefined && spec.bodyOptional === 'empty' ? {} : body;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    const problem = rules.check(spec, value);
    if (problem)
      throw new DomainError('INVALID_REQUEST', problem.message, {
        field: problem.field,
        received: problem.received,
        expected: problem.expected,
      });
  }

  private envelopeOf(style: EnvelopeStyle): ErrorEnvelope {
    let envelope = this.envelopes.get(style);
    if (!envelope)
      this.envelopes.set(style, (envelope = domainEnvelope((status, error) => renderError(style, status, error))));
    return envelope;
  }

  /**
   * Writes the first page (already fetched, so its errors got the envelope), then fetches and writes one page at a
   * time, waiting for the socket to drain. An error after the status went out can only cut the answer short.
   */
  private async stream(
    spec: RouteSpec,
    request: BridgeRequest,
    variables: Record<string, unknown>,
    first: unknown,
    res: ServerResponse,
    caller: CallerContext,
    log: Record<string, unknown>,
  ) {
    const stream = spec.stream!;
    res.writeHead(200, stream.headers(request));
    let page = stream.page(first, variables);
    for (;;) {
      if (page.chunk && !res.write(page.chunk)) await drained(res);
      if (!page.next || res.destroyed) break;
      const result = await this.options.execute(this.options.operations.get(spec.operation)!, page.next, caller);
      if (result.errors?.length) {
        log.error = result.errors[0]!.message;
        res.destroy();
        return;
      }
      page = stream.page(result.data?.[spec.result], page.next);
    }
    res.end();
  }

  private match(method: string, path: string): RouteMatch | null {
    const exact = this.staticRoutes.get(`${method} ${path}`);
    if (exact) return { route: exact, params: {} as Record<string, string> };
    for (const route of this.routes) {
      if (route.spec.method !== method || route.paramNames.length === 0) continue;
      const m = route.pattern.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      try {
        route.paramNames.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1]!)));
      } catch {
        continue; // a malformed %-escape matches nothing
      }
      return { route, params };
    }
    return null;
  }
}

/** Resolves when the socket takes more data, or is gone; leaves no listener behind. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

/** An error as a REST caller reads it: GraphQL's variable refusals translated, no secret or whole object repeated back. */
function restError(
  error: { code: string; message: string; details?: unknown },
  spec: RouteSpec,
): { code: string; message: string; details?: unknown } {
  const translated =
    error.message.startsWith('Variable "$') || error.message.includes('Did you mean')
      ? inRestWords(error, new Set(spec.bodyVariable ? [spec.bodyVariable] : []))
      : error;
  const details = translated.details as { field?: unknown; received?: unknown } | undefined;
  if (!details || typeof details !== 'object' || !('received' in details) || typeof details.field !== 'string')
    return translated;
  const leaf = details.field.split(/[.[]/).pop() ?? details.field;
  return { ...translated, details: { ...details, received: redacted(details.received, leaf) } };
}

function statusFromExtensions(ext: Record<string, unknown> | undefined): number {
  const http = ext?.http as { status?: number } | undefined;
  return http?.status ?? statusOf(ext?.code as string | undefined);
}

/** Query strings as strict as bodies: NUL, bracketed keys other than a declared list's `name[]`, and numbers like `-0` are 400s. */
function convertQuery(search: URLSearchParams, declared: Record<string, QueryParamType>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of search) {
    const problem = unsafeText(name) ?? unsafeText(value);
    if (problem)
      throw new DomainError('INVALID_REQUEST', `Query parameter ${JSON.stringify(name)} ${problem}`, {
        field: name,
        received: problem,
        expected: 'text without NUL',
      });
    const bracket = name.indexOf('[');
    if (bracket >= 0 && !(name.endsWith('[]') && name.length === bracket + 2 && declared[name.slice(0, bracket)])) {
      throw new DomainError(
        'INVALID_REQUEST',
        `Query parameter ${JSON.stringify(name)} is not accepted: no bracketed keys or operators`,
        {
          field: name,
          received: value,
          expected: `one of ${Object.keys(declared).join(', ') || 'no query parameters'}`,
        },
      );
    }
  }
  for (const [name, type] of Object.entries(declared)) {
    const values = search.getAll(name).concat(search.getAll(`${name}[]`));
    if (values.length === 0) continue;
    const raw = values[0]!;
    switch (type) {
      case 'int': {
        if (!/^(0|-?[1-9]\d{0,14})$/.test(raw))
          throw new DomainError('INVALID_REQUEST', `${name} must be an integer`, {
            field: name,
            received: raw,
            expected: 'integer',
          });
        out[name] = Number(raw);
        break;
      }
      case 'boolean': {
        if (raw !== 'true' && raw !== 'false')
          throw new DomainError('INVALID_REQUEST', `${name} must be true or false`, {
            field: name,
            received: raw,
            expected: ['true', 'false'],
          });
        out[name] = raw === 'true';
        break;
      }
      case 'string[]':
        out[name] = values.flatMap((v) => v.split(',')).filter(Boolean);
        break;
      default:
        if (raw.length > 1000)
          throw new DomainError('INVALID_REQUEST', `${name} is too long`, {
            field: name,
            received: raw.length,
            expected: 'at most 1000 characters',
          });
        out[name] = raw;
    }
  }
  return out;
}
