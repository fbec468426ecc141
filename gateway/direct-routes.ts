import { DomainError } from '../platform/errors/domain-error.js';
import { hasScope } from '../platform/auth/auth.js';
import { clientIp } from '../platform/http/request-identity.js';
import { domainEnvelope, sendJson } from '../platform/http/edge/error-envelope.js';
import type { DirectRoute } from '../platform/http/direct-route.js';
import type { ModuleHttpRoute } from '../platform/http/module-http.js';
import { renderError, renderSuccess } from '../rest-bridge/envelopes.js';

const PLATFORM_ENVELOPE = domainEnvelope((status, error) => renderError('platform', status, error));

/** A module's JSON hot path as the runner serves every module path: key, scope and rate limit as the bridge checks them, platform envelope. */
export function directRoute(route: DirectRoute): ModuleHttpRoute {
  const name = `${route.method} ${route.path}`;
  return {
    path: route.path,
    method: route.method,
    handle: async (req, res, request) => {
      const { edge, log } = request;
      log.route = name;
      try {
        const auth = edge.requireKey(await edge.admit(req, res, request, { route: name, ...route.rateLimit }));
        if (auth.keyType !== 'SERVER') throw new DomainError('FORBIDDEN', 'This path needs a SERVER key');
        if (!hasScope(auth, route.scope)) throw new DomainError('FORBIDDEN', `This key lacks the "${route.scope}" scope`);
        const body = await edge.readBody(req);
        const data = await route.handle({ body, auth, ip: clientIp(req), headers: req.headers, requestId: request.requestId });
        sendJson(res, 200, renderSuccess('platform', data));
      } catch (error) {
        edge.fail(res, request, error, PLATFORM_ENVELOPE);
      }
    },
  };
}
