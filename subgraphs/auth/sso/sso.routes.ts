import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { statusOf } from '../../../platform/errors/error-codes.js';
import type { ModuleHttpRoute } from '../../../platform/http/module-http.js';
import type { HttpEdge } from '../../../platform/http/edge/http-edge.js';
import { html } from '../../../platform/http/html/html.js';
import { sendPage, wantsHtml } from '../../../platform/http/html/page.js';
import type { AuthDeps } from '../auth-deps.js';
import { SsoConnection } from '../entities/sso-connection.entity.js';
import type { Client } from '../security/lockout.js';
import { SsoFlowService, type FlowAnswer } from './sso-flow.service.js';

/** Public sign-in paths are counted per IP like any keyless request, with their own ceiling. */
const PUBLIC_LIMIT = { limit: 60, windowMs: 60_000 };

/**
 * A browser path: counted against the rate limit before the body is read (a form for the SAML ACS and the hosted
 * page's posts). Without `method` it takes every method (the handler tells them apart; the runner keeps one route
 * per path).
 */
export function browserRoute(
  path: string,
  method: 'GET' | 'POST' | undefined,
  handle: ModuleHttpRoute['handle'],
  form = false,
): ModuleHttpRoute {
  return {
    path,
    method,
    admit: async (request: FastifyRequest, reply: FastifyReply, edge: HttpEdge) => {
      if (form && request.method === 'POST') request.edge.body = { format: 'form', limit: 1024 * 1024 };
      await edge.admit(request, reply, {
        route: `${method ?? request.method} ${path}`,
        category: 'general',
        endpoint: PUBLIC_LIMIT,
      });
    },
    handle: async (request, reply, edge) => {
      try {
        return await handle(request, reply, edge);
      } catch (error) {
        // A browser gets a page it can read; an API client the platform envelope (thrown to the edge).
        if (error instanceof DomainError && wantsHtml(request.headers.accept)) return errorPage(reply, error);
        throw error;
      }
    },
  };
}

export function clientOf(request: FastifyRequest): Client {
  const agent = request.headers['user-agent'];
  return { ip: request.ip.slice(0, 64), userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null };
}

export function sendRedirect(reply: FastifyReply, answer: FlowAnswer, status = 302): FastifyReply {
  reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
  if (answer.cookies.length > 0) reply.header('Set-Cookie', answer.cookies);
  return reply.code(status).header('Location', answer.location).send();
}

function errorPage(reply: FastifyReply, error: DomainError): FastifyReply {
  return sendPage(reply, statusOf(error.code), {
    title: 'Sign-in failed',
    body: html`<h1>Sign-in failed</h1><p class="error" role="alert">${error.message}</p><p>Go back to the application and sign in again.</p>`,
  });
}

/**
 * The browser's SSO paths: authorize (to the identity provider), the OIDC callback, the SAML ACS and its continue
 * step, and each SAML connection's SP metadata. Answers are redirects (a code or an error for the redirect URI);
 * a request whose application or redirect URI is wrong gets a 4xx page (or JSON) and is never redirected.
 */
export function ssoRoutes(deps: AuthDeps): ModuleHttpRoute[] {
  const flows = new SsoFlowService(deps, deps.oidc, deps.saml);
  const root = () => deps.orm.em.fork();
  const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
  return [
    browserRoute('/auth/sso/authorize', 'GET', async (request, reply) =>
      sendRedirect(reply, await flows.start(root(), query(request), clientOf(request))),
    ),
    browserRoute('/auth/sso/oidc/callback', 'GET', async (request, reply) =>
      sendRedirect(reply, await flows.oidcCallback(root(), query(request), request.headers.cookie, clientOf(request))),
    ),
    browserRoute(
      '/auth/sso/saml/acs',
      'POST',
      async (request, reply) =>
        sendRedirect(
          reply,
          await flows.samlAcs(root(), (request.body ?? {}) as Record<string, unknown>, clientOf(request)),
          303,
        ),
      true,
    ),
    browserRoute('/auth/sso/saml/continue', 'GET', async (request, reply) =>
      sendRedirect(
        reply,
        await flows.samlContinue(root(), query(request).flow, request.headers.cookie, clientOf(request)),
      ),
    ),
    browserRoute('/auth/sso/saml/:connectionId/metadata', 'GET', async (request, reply) => {
      const { connectionId } = request.params as { connectionId: string };
      // Public by design: an IdP administrator (or the IdP itself) reads it without a key.
      const connection = /^conn_[a-z0-9]{1,64}$/.test(connectionId)
        ? await root().findOne(SsoConnection, { id: connectionId, type: 'SAML' }, { filters: false })
        : null;
      if (!connection) throw new DomainError('NOT_FOUND', 'SAML connection not found');
      return reply
        .code(200)
        .header('Content-Type', 'application/samlmetadata+xml; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(deps.saml.metadata(flows.samlSettings(connection)));
    }),
  ];
}
