import type { SubgraphModule, PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { DirectRouteProvider } from '../../platform/http/direct-route.js';
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
import { AuthDashboardResolver } from './dashboards/auth-dashboard.resolver.js';
import { PasswordHasher } from './passwords/password-hasher.js';
import { DefaultBreachChecker, type BreachChecker } from './passwords/breach-checker.js';
import { SessionCache } from './sessions/session-cache.js';
import { verifySessionRoute } from './sessions/verify-session.route.js';
import { Migration20261125000100_auth } from './migrations/Migration20261125000100_auth.js';
import { Migration20261125140000_auth_hardening } from './migrations/Migration20261125140000_auth_hardening.js';
import type { AuthDeps } from './auth-deps.js';

export const AUTH_RESOLVERS = [UserResolver, SessionResolver, MfaResolver, AccountFlowsResolver, PolicyResolver, AuditLogResolver,
  ApplicationResolver, ConnectionResolver, OrganizationResolver, AuthDashboardResolver] as const;

export interface AuthModuleOptions {
  /** The module's clock (tests move it to expire lockouts and step TOTP codes). */
  now?: () => Date;
  /** Replaces the shipped list + HIBP checker (tests). */
  breaches?: BreachChecker;
  /** How long a verified session may be served from the cache (default 5 s; revocations drop it at once). */
  sessionCacheTtlMs?: number;
}

/** The auth module: users, sign-in and sessions, MFA, email flows, policies, audit logs, applications, SSO, organizations. */
export function authModule(options: AuthModuleOptions = {}): SubgraphModule & DirectRouteProvider {
  let deps: AuthDeps | undefined;
  const depsFor = (platform: PlatformDeps): AuthDeps => {
    deps ??= {
      ...platform,
      now: options.now ?? (() => new Date()),
      secrets: () => secretBoxFor(platform.orm, platform.config.encryptionKey, platform.logger),
      ports: () => portsOf(platform),
      breaches: options.breaches ?? new DefaultBreachChecker({ hibpUrl: platform.config.authHibpUrl, logger: platform.logger }),
      hasher: new PasswordHasher(platform.config.authHashing),
      sessions: new SessionCache({ databaseUrl: platform.orm?.config.get('clientUrl'), ttlMs: options.sessionCacheTtlMs ?? 5000, maxEntries: 100_000, logger: platform.logger }),
    };
    return deps;
  };
  return {
    name: 'auth',
    data: {
      entities: [User, Session, AuthToken, MfaFactor, RecoveryCode, AuthPolicy, AuditLog, Application, SsoConnection, AuthOrganization, Member, Invitation],
      migrations: [
        { name: 'Migration20261125000100_auth', class: Migration20261125000100_auth },
        { name: 'Migration20261125140000_auth_hardening', class: Migration20261125140000_auth_hardening },
      ],
    },
    buildSchema: (platform) => buildFederatedSchema({ resolvers: [...AUTH_RESOLVERS], orphanedTypes: [], container: moduleContainer(depsFor(platform)) as never, invalidInputCode: 'INVALID_REQUEST' }, userReference),
    directRoutes: (platform) => [verifySessionRoute(depsFor(platform))],
    close: async () => deps?.sessions.close(),
  };
}
