import type { FastifyRequest } from 'fastify';
import { DomainError } from '../platform/errors/domain-error.js';
import { hasScope } from '../platform/auth/auth.js';
import { clientIp } from '../platform/http/request-identity.js';
import { domainEnvelope, replyJson } from '../platform/http/edge/error-envelope.js';
import type { DirectRoute } from '../platform/http/direct-route.js';
import type { ModuleHttpRoute } from '../platform/http/module-http.js';
import type { HttpEdge } from '../platform/http/edge/http-edge.js';
import type { Authentication } from '../platform/http/request-guard.js';
import { renderError, renderSuccess } from '../rest-bridge/envelopes.js';

const PLATFORM_ENVELOPE = domainEnvelope((status, error) => renderError('platform', status, error));

/** A module's JSON hot path as the runner serves every module path: key, scope and rate limit as the bridge checks them, platform envelope. */
export function directRoute(route: DirectRoute): ModuleHttpRoute {
  const name = `${route.method} ${route.path}`;
  const admitted = (request: FastifyRequest, authentication: Authentication, edge: HttpEdge) => {
    const auth = edge.requireKey(authentication);
    if (auth.keyType !== 'SERVER') throw new DomainError('FORBIDDEN', 'This path needs a SERVER key');
    if (!hasScope(auth, route.scope)) throw new DomainError('FORBIDDEN', `This key lacks the "${route.scope}" scope`);
    request.edge.auth = auth;
  };
  return {
    path: route.path,
    method: route.method,
    envelope: PLATFORM_ENVELOPE,
    admit: (request, reply, edge) => {
      request.edge.log.route = name;
      const authentication = edge.admit(request, reply, { route: name, ...route.rateLimit });
      return authentication instanceof Promise
        ? authentication.then((a) => admitted(request, a, edge))
        : admitted(request, authentication, edge);
    },
    handle: async (request, reply) => {
      const { edge } = request;
      const data = await route.handle({
        body: request.body,
        auth: edge.auth!,
        ip: clientIp(request.raw),
        headers: request.headers,
        requestId: edge.requestId,
      });
      return replyJson(reply, 200, renderSuccess('platform', data));
    },
  };
}
