import type { IncomingMessage, ServerResponse } from 'node:http';
import { DomainError } from '../platform/errors/domain-error.js';
import { statusOf } from '../platform/errors/error-codes.js';
import { hasScope } from '../platform/auth/auth.js';
import { readBody } from '../platform/http/read-body.js';
import { clientIp } from '../platform/http/request-identity.js';
import type { RequestGuard } from '../platform/http/request-guard.js';
import type { DirectRoute } from '../platform/http/direct-route.js';
import type { ModuleHttpRoute } from '../platform/http/module-http.js';
import { renderError, renderSuccess } from '../rest-bridge/envelopes.js';

/** A module's JSON hot path as the runner serves every module path (platform/http/module-http.ts). */
export function directRoute(route: DirectRoute): ModuleHttpRoute {
  return { path: route.path, method: route.method, handle: (req, res, { guard, requestId, bodyLimitBytes, log }) => serveDirect(route, req, res, guard, requestId, bodyLimitBytes, log) };
}

/** Serves a module's direct route: key, scope and rate limit as the bridge checks them, then the handler, platform envelope. */
async function serveDirect(route: DirectRoute, req: IncomingMessage, res: ServerResponse, guard: RequestGuard, requestId: string, bodyLimit: number, log: Record<string, unknown>) {
  log.route = `${route.method} ${route.path}`;
  try {
    const authentication = await guard.authenticate(req);
    const auth = authentication.kind === 'ok' ? authentication.auth : null;
    log.organizationId = auth?.organizationId;
    const limited = await guard.limit(req, auth, log.route as string, route.rateLimit.category, route.rateLimit.endpoint);
    for (const [name, value] of Object.entries(limited.headers)) res.setHeader(name, value);
    if (!limited.decision.allowed) throw new DomainError('RATE_LIMITED', `Too many requests; retry in ${limited.decision.retryAfter} s`, { retryAfter: limited.decision.retryAfter });
    if (!auth) throw new DomainError('UNAUTHORIZED', 'Missing or invalid API key');
    if (auth.keyType !== 'SERVER') throw new DomainError('FORBIDDEN', 'This path needs a SERVER key');
    if (!hasScope(auth, route.scope)) throw new DomainError('FORBIDDEN', `This key lacks the "${route.scope}" scope`);
    const body = await readBody(req, bodyLimit);
    const data = await route.handle({ body, auth, ip: clientIp(req), headers: req.headers, requestId });
    send(res, 200, renderSuccess('platform', data));
  } catch (error) {
    if (!(error instanceof DomainError)) {
      log.error = error;
      return send(res, 500, renderError('platform', 500, { code: 'INTERNAL_ERROR', message: 'Internal server error' }));
    }
    if (error.code === 'RATE_LIMITED') res.setHeader('Retry-After', String((error.details as { retryAfter: number }).retryAfter));
    const status = statusOf(error.code);
    send(res, status, renderError('platform', status, { code: error.code, message: error.message, details: error.details }));
  }
}

function send(res: ServerResponse, status: number, payload: unknown) {
  const body = JSON.stringify(payload);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
