import type { SubgraphModule, PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { DirectRouteProvider } from '../../platform/http/direct-route.js';
import type { HttpRouteProvider } from '../../platform/http/module-http.js';
import { buildFederatedSchema } from '../../platform/federation/build-subgraph-schema.js';
import { moduleContainer } from '../../platform/federation/subgraph-module.js';
import { secretBoxFor } from '../../platform/crypto/encryption-key.js';
import { portsOf } from '../../platform/ports/port-registry.js';
import { User } from './entities/user.entity.js';
import { Session } from './entities/session.entity.js';
import { AuthToken } from './entities/auth-token.entity.js';
import { MfaFactor } from './entities/mfa-factor.entity.js';
import { RecoveryCode } from './entities/recovery-code.entity.js';
import { AuthPolicy } from './entities/auth-policy.entity.js';
import { AuditLog } from './entities/audit-log.entity.js';
import { Application } from './entities/application.entity.js';
import { SsoConnection } from './entities/sso-connection.entity.js';
import { AuthOrganization } from './entities/auth-organization.entity.js';
import { Member } from './entities/member.entity.js';
import { Invitation } from './entities/invitation.entity.js';
import { UserResolver } from './users/user.resolver.js';
import { userReference } from './users/user.reference.js';
import { SessionResolver } from './sessions/session.resolver.js';
import { MfaResolver } from './mfa/mfa.resolver.js';
import { AccountFlowsResolver } from './tokens/account-flows.resolver.js';
import { PolicyResolver } from './security/policy.resolver.js';
import { AuditLogResolver } from './audit/audit-log.resolver.js';
import { ApplicationResolver } from './applications/application.resolver.js';
import { ConnectionResolver } from './connections/connection.resolver.js';
import { OrganizationResolver } from './organizations/organization.resolver.js';
import { PlatformKeyResolver } from './platform-keys/platform-key.resolver.js';
import { AuthDashboardResolver } from './dashboards/auth-dashboard.resolver.js';
import { PasswordHasher } from './passwords/password-hasher.js';
import { DefaultBreachChecker, type BreachChecker } from './passwords/breach-checker.js';
import { SessionCache } from './sessions/session-cache.js';
import { verifySessionRoute } from './sessions/verify-session.route.js';
import { signInLocalOperation } from './sessions/sign-in.local.js';
import { Migration20261125000100_auth } from './migrations/Migration20261125000100_auth.js';
import { Migration20261125140000_auth_hardening } from './migrations/Migration20261125140000_auth_hardening.js';
import { Migration20261201180000_auth_sso } from './migrations/Migration20261201180000_auth_sso.js';
import { SsoFlow } from './entities/sso-flow.entity.js';
import { SsoResolver } from './sso/sso.resolver.js';
import { OidcClient } from './sso/oidc-client.js';
import { SamlClient } from './sso/saml-client.js';
import { ssoRoutes } from './sso/sso.routes.js';
import { hostedSignInRoutes } from './hosted/hosted-sign-in.routes.js';
import { UrlGuard } from '../../platform/net/url-guard.js';
import { guardedFetch } from '../../platform/net/guarded-fetch.js';
import type { AuthDeps } from './auth-deps.js';
import { SSO_SWEEP_JOB, ssoSweepJob } from './jobs/sso-sweep.job.js';
import { AUTH_ERROR_CODES } from './auth-error-codes.js';

export const AUTH_RESOLVERS = [
  UserResolver,
  SessionResolver,
  MfaResolver,
  AccountFlowsResolver,
  PolicyResolver,
  AuditLogResolver,
  ApplicationResolver,
  ConnectionResolver,
  OrganizationResolver,
  AuthDashboardResolver,
  SsoResolver,
  PlatformKeyResolver,
] as const;

export interface AuthModuleOptions {
  /** The module's clock (tests move it to expire lockouts and step TOTP codes). */
  now?: () => Date;
  /** Replaces the shipped list + HIBP checker (tests). */
  breaches?: BreachChecker;
  /** How long a verified session may be served from the cache (default 5 s; revocations drop it at once). */
  sessionCacheTtlMs?: number;
}

/** The auth module: users, sign-in and sessions, MFA, email flows, policies, audit logs, applications, SSO, organizations. */
export function authModule(options: AuthModuleOptions = {}): SubgraphModule & DirectRouteProvider & HttpRouteProvider {
  let deps: AuthDeps | undefined;
  let outbound: ReturnType<typeof guardedFetch> | undefined;
  const depsFor = (platform: PlatformDeps): AuthDeps => {
    const urls = new UrlGuard({ allowPrivate: platform.config.webhookAllowPrivate });
    outbound ??= guardedFetch(urls);
    deps ??= {
      ...platform,
      now: options.now ?? (() => new Date()),
      secrets: () => secretBoxFor(platform.orm, platform.config.encryptionKey, platform.logger),
      ports: () => portsOf(platform),
      breaches:
        options.breaches ??
        new DefaultBreachChecker({ hibpUrl: platform.config.auth.hibpUrl, logger: platform.logger }),
      hasher: new PasswordHasher(platform.config.auth.hashing),
      sessions: new SessionCache({
        databaseUrl: platform.orm?.config.get('clientUrl'),
        ttlMs: options.sessionCacheTtlMs ?? 5000,
        maxEntries: 100_000,
        logger: platform.logger,
      }),
      urls,
      fetch: outbound.fetch,
      oidc: new OidcClient({ fetch: outbound.fetch, allowLoopbackHttp: urls.allowPrivate }),
      saml: new SamlClient(),
    };
    return deps;
  };
  return {
    name: 'auth',
    errorCodes: AUTH_ERROR_CODES,
    data: {
      entities: [
        User,
        Session,
        AuthToken,
        MfaFactor,
        RecoveryCode,
        AuthPolicy,
        AuditLog,
        Application,
        SsoConnection,
        AuthOrganization,
        Member,
        Invitation,
        SsoFlow,
      ],
      migrations: [
        { name: 'Migration20261125000100_auth', class: Migration20261125000100_auth },
        { name: 'Migration20261125140000_auth_hardening', class: Migration20261125140000_auth_hardening },
        { name: 'Migration20261201180000_auth_sso', class: Migration20261201180000_auth_sso },
      ],
    },
    defineJobs: (platform) => platform.jobs.define(ssoSweepJob(depsFor(platform))),
    // After jobs start: one hourly schedule per job store, however many processes ask.
    startListeners: async (platform) => {
      await platform.jobs.every('1 hour', SSO_SWEEP_JOB);
      return [];
    },
    buildSchema: (platform) =>
      buildFederatedSchema(
        {
          resolvers: [...AUTH_RESOLVERS],
          orphanedTypes: [],
          container: moduleContainer(depsFor(platform)) as never,
          invalidInputCode: 'INVALID_REQUEST',
        },
        userReference,
      ),
    directRoutes: (platform) => [verifySessionRoute(depsFor(platform))],
    localOperations: (platform) => [signInLocalOperation(depsFor(platform))],
    // Browser paths (SSO redirects, the hosted sign-in page): cookies, redirects and HTML, not the JSON envelope.
    httpRoutes: (platform) => [...ssoRoutes(depsFor(platform)), ...hostedSignInRoutes(depsFor(platform))],
    close: async () => {
      await deps?.sessions.close();
      await outbound?.close();
    },
  };
}
