import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import type { ModuleHttpRoute } from '../../../platform/http/module-http.js';
import { replyJson } from '../../../platform/http/edge/error-envelope.js';
import { sendPage } from '../../../platform/http/html/page.js';
import type { AuthDeps } from '../auth-deps.js';
import type { Application } from '../entities/application.entity.js';
import { ConnectionService } from '../connections/connection.service.js';
import { SignInService } from '../sessions/sign-in.service.js';
import { AccountFlowsService } from '../tokens/account-flows.service.js';
import { codeRedirect, issueSignInCode } from '../sso/sign-in-code.js';
import { SsoFlowService } from '../sso/sso-flow.service.js';
import { browserRoute, clientOf, sendRedirect } from '../sso/sso.routes.js';
import { cookieValue } from '../sso/flow-cookie.js';
import { signInPage, type SignInView } from './sign-in-page.js';

const CSRF_COOKIE = 'hosted_csrf';

interface PageContext {
  em: EntityManager;
  app: Application;
  redirectUri: string;
  state: string | null;
  view: Omit<SignInView, 'csrf'>;
}

/**
 * `GET/POST /auth/hosted/{applicationId}/sign-in?redirectUri=&state=`: a sign-in page the platform serves for an
 * application, ending like SSO with a one-time code for the (exactly registered) redirect URI. Every form carries a
 * CSRF token that must equal the page's SameSite=Strict HttpOnly cookie (and a cross-site Origin is refused), so no
 * other site can post sign-ins into it. `GET …/discover?email=` tells the page whether the address signs in with SSO.
 */
export function hostedSignInRoutes(deps: AuthDeps): ModuleHttpRoute[] {
  const flows = new SsoFlowService(deps, deps.oidc, deps.saml);
  const signIns = new SignInService(deps);
  const accounts = new AccountFlowsService(deps);
  const connections = new ConnectionService(deps);
  const secure = deps.config.publicUrl.startsWith('https:');
  const ownOrigin = new URL(deps.config.publicUrl).origin;
  const root = () => deps.orm.em.fork();
  const path = '/auth/hosted/:applicationId/sign-in';

  const context = async (request: FastifyRequest): Promise<PageContext> => {
    const { applicationId } = request.params as { applicationId: string };
    const query = (request.query ?? {}) as Record<string, unknown>;
    const { em, app, redirectUri } = await flows.application(root(), applicationId, query.redirectUri);
    const state = typeof query.state === 'string' && query.state.length <= 1024 ? query.state : null;
    const search = new URLSearchParams({ redirectUri, ...(state ? { state } : {}) });
    const base = `/auth/hosted/${app.id}`;
    return {
      em,
      app,
      redirectUri,
      state,
      view: {
        appName: app.name,
        action: `${base}/sign-in?${search}`,
        discoverUrl: `${base}/discover?email=`,
        ssoBase: `/auth/sso/authorize?${new URLSearchParams({ applicationId: app.id, redirectUri, ...(state ? { state } : {}) })}`,
      },
    };
  };

  /** Renders the page with a fresh CSRF token in the form and the cookie. */
  const render = (reply: FastifyReply, ctx: PageContext, status: number, extra: Partial<SignInView> = {}) => {
    const csrf = randomBytes(32).toString('base64url');
    reply.header(
      'Set-Cookie',
      `${CSRF_COOKIE}=${csrf}; Path=/auth/hosted/${ctx.app.id}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
    );
    const page = signInPage({ ...ctx.view, ...extra, csrf });
    // Forms post here, and the password step's answer redirects to the application (CSP form-action covers redirects).
    return sendPage(reply, status, { ...page, formAction: `'self' ${new URL(ctx.redirectUri).origin}` });
  };

  const checkCsrf = (request: FastifyRequest, form: Record<string, unknown>) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ownOrigin)
      throw new DomainError('FORBIDDEN', 'This form was posted from another site');
    const cookie = cookieValue(request.headers.cookie, CSRF_COOKIE);
    const field = typeof form.csrf === 'string' ? form.csrf : '';
    const ok =
      cookie !== null &&
      cookie.length === field.length &&
      cookie.length >= 32 &&
      timingSafeEqual(Buffer.from(cookie), Buffer.from(field));
    if (!ok) throw new DomainError('FORBIDDEN', 'This form expired; reload the page and try again');
  };

  /** The password (and second factor) proved: a one-time code for the redirect URI; the session opens when it is redeemed. */
  const finish = async (reply: FastifyReply, ctx: PageContext, userId: string, mfaVerified: boolean) => {
    const now = deps.now();
    const code = await ctx.em.transactional((tx) =>
      issueSignInCode(
        tx,
        userId,
        { applicationId: ctx.app.id, redirectUri: ctx.redirectUri, method: 'password', mfaVerified, profile: null },
        now,
      ),
    );
    return sendRedirect(reply, { location: codeRedirect(ctx.redirectUri, code, ctx.state), cookies: [] }, 303);
  };

  const hasSso = async (em: EntityManager, email: string) => {
    try {
      const connection = await connections.forEmail(em, email);
      return connection.enabled;
    } catch {
      return false;
    }
  };

  return [
    browserRoute(
      path,
      undefined,
      async (request, reply) => {
        if (request.method === 'GET') return render(reply, await context(request), 200);
        if (request.method !== 'POST')
          throw new DomainError('METHOD_NOT_ALLOWED', 'GET or POST', { allowed: ['GET', 'POST'] });
        const ctx = await context(request);
        const form = (request.body ?? {}) as Record<string, unknown>;
        checkCsrf(request, form);
        const client = clientOf(request);
        const email = typeof form.email === 'string' ? form.email.trim().slice(0, 254) : '';
        const action = form.action;
        try {
          if (action === 'mfa') {
            const code = typeof form.code === 'string' ? form.code.trim() : '';
            const done = await signIns.authenticateMfa(ctx.em, {
              mfaToken: String(form.mfaToken ?? ''),
              ...(/^\d{6}$/.test(code) ? { code } : { recoveryCode: code }),
              ...client,
            });
            return await finish(reply, ctx, done.user.id, true);
          }
          if (action === 'reset') {
            await accounts.requestPasswordReset(ctx.em, email, null, client);
            return render(reply, ctx, 200, {
              email,
              notice: 'If an account uses this address, a link to reset its password is on its way.',
            });
          }
          const password = typeof form.password === 'string' ? form.password : '';
          if (password === '' && email && (await hasSso(ctx.em, email))) {
            return render(reply, ctx, 200, {
              email,
              ssoAvailable: true,
              notice: 'This address signs in with single sign-on.',
            });
          }
          const { user } = await signIns.authenticate(ctx.em, {
            email,
            password,
            applicationId: ctx.app.id,
            ...client,
          });
          return await finish(reply, ctx, user.id, false);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          const details = (error.details ?? {}) as { mfaToken?: string };
          if (error.code === 'MFA_REQUIRED' && details.mfaToken)
            return render(reply, ctx, 200, { mfaToken: details.mfaToken });
          if (action === 'mfa' && error.code === 'INVALID_MFA_CODE')
            return render(reply, ctx, 401, { mfaToken: String(form.mfaToken), error: error.message });
          const status =
            error.code === 'INVALID_REQUEST'
              ? 400
              : error.code === 'ACCOUNT_LOCKED'
                ? 423
                : error.code === 'INVALID_CREDENTIALS' || error.code === 'INVALID_TOKEN'
                  ? 401
                  : 403;
          return render(reply, ctx, status, {
            email,
            error: error.message,
            ssoAvailable: email ? await hasSso(ctx.em, email) : false,
          });
        }
      },
      true,
    ),
    browserRoute('/auth/hosted/:applicationId/discover', 'GET', async (request, reply) => {
      const { applicationId } = request.params as { applicationId: string };
      const { em } = await flows.publicApplication(root(), applicationId);
      const email = (request.query as Record<string, unknown>).email;
      return replyJson(reply, 200, {
        success: true,
        data: { sso: typeof email === 'string' && email.length <= 254 ? await hasSso(em, email) : false },
      });
    }),
  ];
}
