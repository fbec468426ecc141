import * as oidc from 'openid-client';
import { LRUCache } from 'lru-cache';
import type { GuardedFetch } from '../../../platform/net/guarded-fetch.js';
import { isLoopbackHttp } from '../connections/connection-config.js';

/** What an OIDC connection needs to talk to its provider. */
export interface OidcSettings {
  /** The connection's id and last change: discovery is cached per version of the connection. */
  cacheKey: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** The identity an ID token proved (signature, issuer, audience, expiry and nonce checked by openid-client). */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  firstName: string | null;
  lastName: string | null;
  claims: Record<string, unknown>;
}

const SCOPE = 'openid email profile';

/**
 * The authorization code flow with PKCE and nonce, by openid-client: discovery from the issuer (cached ten minutes
 * per connection version, JWKS cached with it), every request through the guarded fetch. Plain http is allowed only
 * for a loopback issuer when the operator allows private URLs.
 */
export class OidcClient {
  private readonly configurations = new LRUCache<string, Promise<oidc.Configuration>>({ max: 1_000, ttl: 10 * 60_000 });

  constructor(private readonly options: { fetch: GuardedFetch; allowLoopbackHttp: boolean }) {}

  /** The provider's metadata (throws when discovery fails: unreachable, refused by the guard, issuer mismatch). */
  configuration(settings: OidcSettings): Promise<oidc.Configuration> {
    const key = `${settings.cacheKey}:${settings.issuerUrl}:${settings.clientId}`;
    let found = this.configurations.get(key);
    if (!found) {
      found = this.discover(settings);
      found.catch(() => this.configurations.delete(key)); // a failure is not cached
      this.configurations.set(key, found);
    }
    return found;
  }

  /** Discovery without the cache (the connection test). */
  async discover(settings: OidcSettings): Promise<oidc.Configuration> {
    const insecure = this.options.allowLoopbackHttp && isLoopbackHttp(settings.issuerUrl);
    const config = await oidc.discovery(
      new URL(settings.issuerUrl),
      settings.clientId,
      { client_secret: settings.clientSecret },
      oidc.ClientSecretBasic(settings.clientSecret),
      {
        [oidc.customFetch]: this.options.fetch as oidc.CustomFetch,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        timeout: 10,
      },
    );
    // The ID token's signature is checked against the provider's JWKS even though it came over the back channel
    // (OIDC allows skipping that over TLS; we do not rely on the transport alone).
    oidc.enableNonRepudiationChecks(config);
    return config;
  }

  /** Where to send the browser, with the secrets the callback must present again. */
  async authorizationUrl(
    settings: OidcSettings,
    params: { redirectUri: string; state: string; loginHint?: string | null },
  ): Promise<{ url: string; nonce: string; codeVerifier: string }> {
    const config = await this.configuration(settings);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: params.redirectUri,
      scope: SCOPE,
      response_type: 'code',
      state: params.state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ...(params.loginHint ? { login_hint: params.loginHint } : {}),
    });
    return { url: url.href, nonce, codeVerifier };
  }

  /** Redeems the code at the token endpoint and checks the ID token; throws on any mismatch. */
  async identity(
    settings: OidcSettings,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcIdentity> {
    const config = await this.configuration(settings);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims() as Record<string, unknown> | undefined;
    if (!claims) throw new Error('The token response has no ID token');
    const text = (name: string) =>
      typeof claims[name] === 'string' && (claims[name] as string).length > 0 ? (claims[name] as string) : null;
    return {
      subject: String(claims.sub),
      email: text('email'),
      emailVerified:
        typeof claims.email_verified === 'boolean'
          ? claims.email_verified
          : claims.email_verified === 'true'
            ? true
            : claims.email_verified === 'false'
              ? false
              : null,
      firstName: text('given_name'),
      lastName: text('family_name'),
      claims,
    };
  }
}
