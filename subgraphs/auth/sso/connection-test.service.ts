import { X509Certificate } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthDeps } from '../auth-deps.js';
import { ConnectionService } from '../connections/connection.service.js';
import { isLoopbackHttp } from '../connections/connection-config.js';
import type { SsoConnection } from '../entities/sso-connection.entity.js';
import type { OidcClient } from './oidc-client.js';
import type { SsoFlowService } from './sso-flow.service.js';
import type { ConnectionCheck, ConnectionTestResult } from './sso.types.js';

const CERTIFICATE_WARNING_DAYS = 30;

/**
 * `POST /auth/connections/{id}/test`: what would stop a sign-in through this connection, found before a user meets
 * it. OIDC: discovery from the issuer (through the URL guard), the endpoints and methods the flow uses, the JWKS.
 * SAML: the certificate (and how soon it expires), the IdP URL and entity ID. Both: enabled, domains.
 */
export class ConnectionTestService {
  private readonly connections: ConnectionService;

  constructor(
    private readonly deps: AuthDeps,
    private readonly oidc: OidcClient,
    private readonly flows: SsoFlowService,
  ) {
    this.connections = new ConnectionService(deps);
  }

  async test(em: EntityManager, id: string): Promise<ConnectionTestResult> {
    const connection = await this.connections.find(em, id);
    const checks: ConnectionCheck[] = [
      {
        name: 'enabled',
        ok: connection.enabled,
        message: connection.enabled
          ? 'The connection is enabled'
          : 'The connection is disabled: nobody can sign in with it',
      },
      connection.domains.length > 0
        ? { name: 'domains', ok: true, message: `Routes ${connection.domains.join(', ')}` }
        : {
            name: 'domains',
            ok: false,
            message: 'No domains: email discovery cannot find it, and only users already linked to it can sign in',
          },
    ];
    checks.push(...(connection.type === 'OIDC' ? await this.oidcChecks(connection) : this.samlChecks(connection)));
    return { ok: checks.every((c) => c.ok), checks };
  }

  private async oidcChecks(connection: SsoConnection): Promise<ConnectionCheck[]> {
    const settings = await this.flows.oidcSettings(connection);
    let metadata: Record<string, unknown>;
    try {
      metadata = (await this.oidc.discover(settings)).serverMetadata() as unknown as Record<string, unknown>;
    } catch (error) {
      return [
        {
          name: 'discovery',
          ok: false,
          message: `${settings.issuerUrl}/.well-known/openid-configuration: ${(error as Error).message}`,
        },
      ];
    }
    const list = (name: string) => (Array.isArray(metadata[name]) ? (metadata[name] as unknown[]).map(String) : null);
    const checks: ConnectionCheck[] = [
      { name: 'discovery', ok: true, message: `Issuer ${String(metadata.issuer)} answered its discovery document` },
    ];
    const endpoints = ['authorization_endpoint', 'token_endpoint', 'jwks_uri'].filter(
      (name) => typeof metadata[name] !== 'string',
    );
    checks.push({
      name: 'endpoints',
      ok: endpoints.length === 0,
      message:
        endpoints.length === 0
          ? 'authorization, token and JWKS endpoints advertised'
          : `Missing ${endpoints.join(', ')}`,
    });
    const responseTypes = list('response_types_supported');
    checks.push({
      name: 'code_flow',
      ok: !responseTypes || responseTypes.includes('code'),
      message:
        !responseTypes || responseTypes.includes('code')
          ? 'Supports the authorization code flow'
          : `response_types_supported is ${responseTypes.join(', ')}: no "code"`,
    });
    const pkce = list('code_challenge_methods_supported');
    checks.push({
      name: 'pkce',
      ok: !pkce || pkce.includes('S256'),
      message: !pkce
        ? 'PKCE methods not advertised (S256 is sent anyway)'
        : pkce.includes('S256')
          ? 'Supports PKCE with S256'
          : `code_challenge_methods_supported is ${pkce.join(', ')}: no S256`,
    });
    const scopes = list('scopes_supported');
    const missing = scopes ? ['openid', 'email'].filter((s) => !scopes.includes(s)) : [];
    checks.push({
      name: 'scopes',
      ok: missing.length === 0,
      message:
        missing.length === 0
          ? 'openid, email and profile scopes are asked for'
          : `scopes_supported lacks ${missing.join(', ')}`,
    });
    if (typeof metadata.jwks_uri === 'string') checks.push(await this.jwksCheck(metadata.jwks_uri));
    return checks;
  }

  private async jwksCheck(jwksUri: string): Promise<ConnectionCheck> {
    try {
      const response = await this.deps.fetch(jwksUri, { headers: { accept: 'application/json' } });
      if (!response.ok) return { name: 'jwks', ok: false, message: `${jwksUri} answered HTTP ${response.status}` };
      const body = (await response.json()) as { keys?: unknown[] };
      const count = Array.isArray(body.keys) ? body.keys.length : 0;
      return {
        name: 'jwks',
        ok: count > 0,
        message: count > 0 ? `${count} signing key(s) published` : `${jwksUri} lists no keys`,
      };
    } catch (error) {
      return { name: 'jwks', ok: false, message: `${jwksUri}: ${(error as Error).message}` };
    }
  }

  private samlChecks(connection: SsoConnection): ConnectionCheck[] {
    const config = connection.config;
    const checks: ConnectionCheck[] = [];
    try {
      const cert = new X509Certificate(String(config.idpCertificate));
      const validTo = new Date(cert.validTo);
      const days = Math.floor((validTo.getTime() - this.deps.now().getTime()) / 86_400_000);
      checks.push(
        days < 0
          ? { name: 'certificate', ok: false, message: `The IdP certificate expired on ${validTo.toISOString()}` }
          : {
              name: 'certificate',
              ok: days >= CERTIFICATE_WARNING_DAYS,
              message: `The IdP certificate (${cert.subject.replace(/\n/g, ', ')}) is valid until ${validTo.toISOString()}, ${days} days${days < CERTIFICATE_WARNING_DAYS ? ': replace it soon' : ''}`,
            },
      );
    } catch (error) {
      checks.push({
        name: 'certificate',
        ok: false,
        message: `The IdP certificate does not parse: ${(error as Error).message}`,
      });
    }
    const ssoUrl = String(config.ssoUrl);
    const plain = isLoopbackHttp(ssoUrl);
    checks.push({
      name: 'sso_url',
      ok: ssoUrl.startsWith('https://') || (plain && this.deps.urls.allowPrivate),
      message: plain
        ? `${ssoUrl} is plain http on loopback (allowed only with private URLs allowed)`
        : `Browsers are sent to ${ssoUrl}`,
    });
    checks.push({
      name: 'idp_entity_id',
      ok: String(config.idpEntityId).length > 0,
      message: `Assertions must be issued by ${String(config.idpEntityId)}`,
    });
    const sp = this.flows.samlSettings(connection);
    checks.push({
      name: 'service_provider',
      ok: true,
      message: `Give the IdP: entity ID ${sp.spEntityId}, ACS ${sp.acsUrl} (HTTP-POST); metadata at ${sp.spEntityId}`,
    });
    return checks;
  }
}
