import { DomainError } from '../../../platform/errors/domain-error.js';
import type { DirectRoute } from '../../../platform/http/direct-route.js';
import type { AuthDeps } from '../auth-deps.js';
import { SessionVerifier } from './session-verifier.js';
import { tenantSqlFor } from '../../../platform/orm/tenant-sql.js';

/**
 * POST /auth/sessions/verify served in-process (the fast path): key and rate limit by the runner, then the session
 * cache, no bridge, gateway or GraphQL. Same answers as the VerifyAuthSession operation, which the bridge serves
 * where the auth module runs in another process.
 */
export function verifySessionRoute(deps: AuthDeps): DirectRoute {
  const verifier = new SessionVerifier(deps.sessions, deps.now);
  return {
    method: 'POST',
    path: '/auth/sessions/verify',
    scope: 'auth',
    rateLimit: { category: 'reads' },
    handle: async ({ body, auth }) => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new DomainError('INVALID_REQUEST', 'The body must be a JSON object', {
          field: 'body',
          received: Array.isArray(body) ? 'array' : body === undefined || body === null ? 'nothing' : typeof body,
          expected: 'object',
        });
      }
      for (const key of Object.keys(body))
        if (key !== 'token')
          throw new DomainError('INVALID_REQUEST', `Unknown field ${key}`, {
            field: key,
            received: key,
            expected: ['token'],
          });
      const token = (body as { token?: unknown }).token;
      if (typeof token !== 'string')
        throw new DomainError('INVALID_REQUEST', 'token is required and must be a string', {
          field: 'token',
          received: token === undefined ? null : token,
          expected: 'string',
        });
      return verifier.verify(tenantSqlFor(deps.orm.em, auth), token);
    },
  };
}
