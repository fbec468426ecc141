import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { PlatformPorts } from '../../platform/ports/port-registry.js';
import type { BreachChecker } from './passwords/breach-checker.js';
import type { PasswordHasher } from './passwords/password-hasher.js';
import type { SessionCache } from './sessions/session-cache.js';
import type { UrlGuard } from '../../platform/net/url-guard.js';
import type { GuardedFetch } from '../../platform/net/guarded-fetch.js';
import type { OidcClient } from './sso/oidc-client.js';
import type { SamlClient } from './sso/saml-client.js';

/** What the auth module's services use. */
export interface AuthDeps extends PlatformDeps {
  /** The module's clock: lockout expiry, TOTP steps, token and session lifetimes (tests inject one). */
  now(): Date;
  /** Seals and opens TOTP secrets and SSO client secrets. */
  secrets(): Promise<SecretBox>;
  /** The ports of this process (system email). */
  ports(): PlatformPorts;
  breaches: BreachChecker;
  /** argon2id on the thread pool behind a bounded queue: every password hash and verification goes through it. */
  hasher: PasswordHasher;
  /** Verified sessions, shared by the fast verification path and the revocations that invalidate it. */
  sessions: SessionCache;
  /** The one URL guard: identity provider URLs at save time. */
  urls: UrlGuard;
  /** Outbound fetches to identity providers (discovery, JWKS, token endpoint) through that guard. */
  fetch: GuardedFetch;
  /** OIDC discovery, authorization URLs and code exchange (openid-client), discovery cached per connection. */
  oidc: OidcClient;
  saml: SamlClient;
}
