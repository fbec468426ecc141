import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { sql, ORG, tenantSql } from '../../../platform/orm/tenant-sql.js';
import type { AuthDeps } from '../auth-deps.js';
import { recordAudit } from '../audit/audit-trail.js';
import { ConnectionService } from '../connections/connection.service.js';
import { Application } from '../entities/application.entity.js';
import { SsoConnection } from '../entities/sso-connection.entity.js';
import { SsoFlow } from '../entities/sso-flow.entity.js';
import type { Client } from '../security/lockout.js';
import { secretMatches, sha256 } from '../shared/secret-token.js';
import { clearFlowCookie, cookieValue, flowCookieName, setFlowCookie } from './flow-cookie.js';
import type { OidcClient, OidcSettings } from './oidc-client.js';
import type { SamlClient, SamlSettings } from './saml-client.js';
import { codeRedirect, errorRedirect, issueSignInCode } from './sign-in-code.js';
import { SSO_ERRORS, SsoFailure } from './sso-failure.js';
import { boundedAttributes, userForIdentity, type ProvedIdentity, type SsoProfile } from './sso-user.js';

/** How long a browser may take at the identity provider. */
const FLOW_MINUTES = 10;

/** What the browser is sent: a redirect, with the cookies to set or clear. */
export interface FlowAnswer {
  location: string;
  cookies: string[];
}

/** `GET /auth/sso/authorize` query. */
export interface AuthorizeInput {
  applicationId?: unknown;
  redirectUri?: unknown;
  state?: unknown;
  connectionId?: unknown;
  email?: unknown;
}

/** Where the identity provider's answer arrives, by the platform's public URL. */
export function ssoUrls(publicUrl: string) {
  return {
    oidcCallback: `${publicUrl}/auth/sso/oidc/callback`,
    samlAcs: `${publicUrl}/auth/sso/saml/acs`,
    samlContinue: `${publicUrl}/auth/sso/saml/continue`,
    spEntityId: (connectionId: string) => `${publicUrl}/auth/sso/saml/${connectionId}/metadata`,
  };
}

const optionalText = (field: string, value: unknown, max: number): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > max)
    throw invalid(
      field,
      typeof value === 'string' ? `${value.length} characters` : value,
      `a string of at most ${max} characters`,
    );
  return value;
};

/**
 * The browser side of SSO sign-in: `start` checks the application and its exact redirect URI, finds the connection
 * and sends the browser to the identity provider; the OIDC callback, or the SAML ACS then its same-site continue
 * step, checks the answer, signs the user in (or provisions them) and hands the redirect URI a one-time code. Once
 * the redirect URI is known, every failure goes back to it as `error` and `error_description`; before, it is a 4xx.
 */
export class SsoFlowService {
  private readonly connections: ConnectionService;
  private readonly urls: ReturnType<typeof ssoUrls>;
  private readonly secure: boolean;

  constructor(
    private readonly deps: AuthDeps,
    private readonly oidc: OidcClient,
    private readonly saml: SamlClient,
  ) {
    this.connections = new ConnectionService(deps);
    this.urls = ssoUrls(deps.config.publicUrl);
    this.secure = deps.config.publicUrl.startsWith('https:');
  }

  /** The application of a public request and an EntityManager of its organization, with the redirect URI checked. */
  async application(
    root: EntityManager,
    applicationId: unknown,
    redirectUri: unknown,
  ): Promise<{ em: EntityManager; app: Application; redirectUri: string }> {
    const { em, app } = await this.publicApplication(root, applicationId);
    if (typeof redirectUri !== 'string' || !app.redirectUris.includes(redirectUri)) {
      throw invalid(
        'redirectUri',
        typeof redirectUri === 'string' ? redirectUri.slice(0, 200) : (redirectUri ?? null),
        "one of the application's redirectUris, exactly",
        "redirectUri is not one of the application's registered redirect URIs",
      );
    }
    return { em, app, redirectUri };
  }

  /** The application a public request names, and an EntityManager of its organization. */
  async publicApplication(
    root: EntityManager,
    applicationId: unknown,
  ): Promise<{ em: EntityManager; app: Application }> {
    if (typeof applicationId !== 'string' || !/^app_[a-z0-9]{1,64}$/.test(applicationId))
      throw invalid('applicationId', applicationId ?? null, 'the id of an application (app_…)');
    // Cross-tenant by design: the application id is what names the organization of a public sign-in.
    const found = await root.findOne(Application, { id: applicationId }, { filters: false });
    if (!found) throw notFound('Application');
    const em = forkForTenant(root, found.organizationId);
    return { em, app: em.merge(found) };
  }

  async start(root: EntityManager, input: AuthorizeInput, client: Client): Promise<FlowAnswer> {
    const { em, app, redirectUri } = await this.application(root, input.applicationId, input.redirectUri);
    const state = optionalText('state', input.state, 1024);
    const email = optionalText('email', input.email, 254);
    const connectionId = optionalText('connectionId', input.connectionId, 100);
    if (!email && !connectionId)
      throw invalid('connectionId', null, 'connectionId or email', 'Give connectionId or email');
    try {
      const connection = await this.connectionFor(em, connectionId, email);
      const now = this.deps.now();
      const flowId = newId('ssof');
      const browserSecret = randomBytes(32).toString('base64url');
      const stateSecret = randomBytes(32).toString('base64url');
      const relay = `${flowId}.${stateSecret}`;
      const flow = em.create(SsoFlow, {
        id: flowId,
        organizationId: undefined as never,
        connectionId: connection.id,
        applicationId: app.id,
        redirectUri,
        clientState: state,
        browserHash: sha256(browserSecret),
        stateHash: sha256(stateSecret),
        expiresAt: new Date(now.getTime() + FLOW_MINUTES * 60_000),
        createdAt: now,
      });
      let location: string;
      if (connection.type === 'OIDC') {
        const started = await this.idpCall(async () =>
          this.oidc.authorizationUrl(await this.oidcSettings(connection), {
            redirectUri: this.urls.oidcCallback,
            state: relay,
            loginHint: email,
          }),
        );
        flow.nonce = started.nonce;
        flow.codeVerifierSealed = (await this.deps.secrets()).seal(started.codeVerifier, flowId);
        location = started.url;
      } else {
        const started = await this.saml.authorizationUrl(this.samlSettings(connection), relay);
        flow.samlRequestId = started.requestId;
        location = started.url;
      }
      await em.flush();
      return { location, cookies: [setFlowCookie(flowId, browserSecret, FLOW_MINUTES * 60, this.secure)] };
    } catch (error) {
      if (!(error instanceof SsoFailure)) throw error;
      await this.audit(em, null, client, error, { connectionId, email });
      return { location: errorRedirect(redirectUri, error.error, error.description, state), cookies: [] };
    }
  }

  /** `GET /auth/sso/oidc/callback`: the provider's code (or error) for a flow this browser started. */
  async oidcCallback(
    root: EntityManager,
    query: Record<string, unknown>,
    cookieHeader: string | undefined,
    client: Client,
  ): Promise<FlowAnswer> {
    const { em, flow } = await this.flowOfState(root, query.state);
    return this.finish(em, flow, client, async (connection) => {
      this.checkBrowser(flow, cookieHeader);
      await this.claim(em, flow, 'STARTED');
      if (typeof query.error === 'string')
        throw new SsoFailure(
          SSO_ERRORS.idpError,
          `The identity provider answered ${query.error.slice(0, 100)}${typeof query.error_description === 'string' ? `: ${query.error_description.slice(0, 200)}` : ''}`,
          'SSO_IDP_ERROR',
        );
      if (connection.type !== 'OIDC' || !flow.nonce || !flow.codeVerifierSealed)
        throw new SsoFailure(SSO_ERRORS.invalidResponse, 'This sign-in was not started with an OpenID connection');
      const callback = new URL(this.urls.oidcCallback);
      for (const [name, value] of Object.entries(query))
        if (typeof value === 'string') callback.searchParams.set(name, value);
      const codeVerifier = (await this.deps.secrets()).open(flow.codeVerifierSealed, flow.id);
      const settings = await this.oidcSettings(connection);
      let identity;
      try {
        identity = await this.oidc.identity(settings, callback, {
          state: String(query.state),
          nonce: flow.nonce,
          codeVerifier,
        });
      } catch (error) {
        // openid-client wraps the precise reason (which claim, which check) as the cause.
        const reason = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
        throw new SsoFailure(
          SSO_ERRORS.invalidResponse,
          `The identity provider's answer was refused: ${reason}`,
          'SSO_INVALID_RESPONSE',
        );
      }
      if (identity.emailVerified === false)
        throw new SsoFailure(
          SSO_ERRORS.emailNotVerified,
          'The identity provider says this email address is not verified',
          'SSO_EMAIL_NOT_VERIFIED',
        );
      return {
        connectionType: 'OIDC',
        idpId: identity.subject,
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        attributes: identity.claims,
      };
    });
  }

  /**
   * `POST /auth/sso/saml/acs`: the IdP's signed response, posted by the browser from the IdP's site, so without our
   * SameSite=Lax cookie. The assertion is checked and kept on the flow; the browser then comes back by a top-level
   * GET (`continue`), which carries the cookie, before anyone is signed in: a response posted by another browser
   * (login CSRF) signs nobody in.
   */
  async samlAcs(root: EntityManager, form: Record<string, unknown>, client: Client): Promise<FlowAnswer> {
    const { em, flow } = await this.flowOfState(root, form.RelayState);
    return this.finish(em, flow, client, async (connection) => {
      if (connection.type !== 'SAML' || !flow.samlRequestId)
        throw new SsoFailure(SSO_ERRORS.invalidResponse, 'This sign-in was not started with a SAML connection');
      if (
        typeof form.SAMLResponse !== 'string' ||
        form.SAMLResponse.length === 0 ||
        form.SAMLResponse.length > 512 * 1024
      ) {
        throw new SsoFailure(
          SSO_ERRORS.invalidResponse,
          'SAMLResponse is missing or too large',
          'SSO_INVALID_RESPONSE',
        );
      }
      let identity;
      try {
        identity = await this.saml.identity(this.samlSettings(connection), flow.samlRequestId, form.SAMLResponse);
      } catch (error) {
        throw new SsoFailure(
          SSO_ERRORS.invalidResponse,
          `The SAML response was refused: ${(error as Error).message}`,
          'SSO_INVALID_RESPONSE',
        );
      }
      await this.rememberAssertion(em, connection.id, identity.assertionId, identity.notOnOrAfter);
      const profile: ProvedIdentity = {
        connectionType: 'SAML',
        idpId: identity.subject,
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        attributes: boundedAttributes(identity.attributes),
      };
      const claimed = await em.nativeUpdate(
        SsoFlow,
        { id: flow.id, status: 'STARTED' },
        { status: 'ASSERTED', profile: profile as unknown as Record<string, unknown> },
      );
      if (claimed === 0)
        throw new SsoFailure(SSO_ERRORS.replayed, 'This sign-in already received an answer', 'SSO_REPLAYED');
      return { continueAt: `${this.urls.samlContinue}?flow=${encodeURIComponent(flow.id)}` };
    });
  }

  /** `GET /auth/sso/saml/continue?flow=`: the same browser, with its cookie, after a good SAML response. */
  async samlContinue(
    root: EntityManager,
    flowId: unknown,
    cookieHeader: string | undefined,
    client: Client,
  ): Promise<FlowAnswer> {
    if (typeof flowId !== 'string' || !/^ssof_[a-z0-9]{1,64}$/.test(flowId))
      throw invalid('flow', flowId ?? null, 'the flow id of a SAML sign-in');
    const found = await root.findOne(SsoFlow, { id: flowId }, { filters: false });
    if (!found) throw new DomainError('INVALID_TOKEN', 'Unknown sign-in; start again from the application');
    const em = forkForTenant(root, found.organizationId);
    const flow = em.merge(found);
    return this.finish(em, flow, client, async () => {
      this.checkBrowser(flow, cookieHeader);
      await this.claim(em, flow, 'ASSERTED');
      return flow.profile as unknown as ProvedIdentity;
    });
  }

  /** The flow named by an OIDC `state` or SAML `RelayState` (`<flowId>.<secret>`), its secret compared in constant time. */
  private async flowOfState(root: EntityManager, value: unknown): Promise<{ em: EntityManager; flow: SsoFlow }> {
    const refused = () =>
      new DomainError(
        'INVALID_TOKEN',
        'The sign-in state is missing, unknown or altered; start again from the application',
        { field: 'state' },
      );
    if (typeof value !== 'string' || value.length > 200) throw refused();
    const [flowId, secret] = value.split('.');
    if (!flowId || !secret || !/^ssof_[a-z0-9]{1,64}$/.test(flowId)) throw refused();
    // Cross-tenant by design: the state names the flow, and the flow its organization.
    const found = await root.findOne(SsoFlow, { id: flowId }, { filters: false });
    if (!found || !secretMatches(secret, Buffer.from(found.stateHash))) throw refused();
    const em = forkForTenant(root, found.organizationId);
    return { em, flow: em.merge(found) };
  }

  /**
   * The common end of every answer: the flow must be live and its connection enabled; `check` proves an identity
   * (or asks the browser to continue elsewhere); then the user is found or provisioned and a code goes to the
   * redirect URI. Failures are audited and sent to the redirect URI.
   */
  private async finish(
    em: EntityManager,
    flow: SsoFlow,
    client: Client,
    check: (connection: SsoConnection) => Promise<ProvedIdentity | { continueAt: string }>,
  ): Promise<FlowAnswer> {
    const cookies = [clearFlowCookie(flow.id, this.secure)];
    let connection: SsoConnection | null = null;
    let email: string | null = null;
    try {
      if (flow.status === 'DONE' || flow.status === 'FAILED')
        throw new SsoFailure(
          SSO_ERRORS.replayed,
          'This sign-in was already used; start again from the application',
          'SSO_REPLAYED',
        );
      if (flow.expiresAt <= this.deps.now())
        throw new SsoFailure(
          SSO_ERRORS.expired,
          'This sign-in took too long; start again from the application',
          'SSO_EXPIRED',
        );
      connection = await em.findOne(SsoConnection, { id: flow.connectionId });
      if (!connection)
        throw new SsoFailure(
          SSO_ERRORS.connectionNotFound,
          'The SSO connection was deleted',
          'SSO_CONNECTION_NOT_FOUND',
        );
      if (!connection.enabled)
        throw new SsoFailure(
          SSO_ERRORS.connectionDisabled,
          'The SSO connection is disabled',
          'SSO_CONNECTION_DISABLED',
        );
      const proved = await check(connection);
      if ('continueAt' in proved) return { location: proved.continueAt, cookies: [] };
      email = proved.email;
      const now = this.deps.now();
      const user = await userForIdentity(em, connection, proved, client, now);
      const profile: SsoProfile = {
        ...proved,
        connectionId: connection.id,
        email: user.email,
        attributes: boundedAttributes(proved.attributes),
      };
      const code = await em.transactional(async (tx) => {
        await recordAudit(
          tx,
          {
            type: 'sso.authenticated',
            userId: user.id,
            ...client,
            data: {
              email: user.email,
              connectionId: connection!.id,
              connectionType: connection!.type,
              idpId: proved.idpId,
            },
          },
          now,
        );
        return issueSignInCode(
          tx,
          user.id,
          {
            applicationId: flow.applicationId,
            redirectUri: flow.redirectUri,
            method: 'sso',
            mfaVerified: false,
            profile: profile as unknown as Record<string, unknown>,
          },
          now,
        );
      });
      await em.nativeUpdate(SsoFlow, { id: flow.id }, { status: 'DONE', finishedAt: now, profile: null });
      return { location: codeRedirect(flow.redirectUri, code, flow.clientState), cookies };
    } catch (error) {
      if (!(error instanceof SsoFailure)) throw error;
      await em.nativeUpdate(
        SsoFlow,
        { id: flow.id, status: { $in: ['STARTED', 'ASSERTED'] } },
        { status: 'FAILED', finishedAt: this.deps.now(), profile: null },
      );
      await this.audit(em, null, client, error, { connectionId: connection?.id ?? flow.connectionId, email });
      return { location: errorRedirect(flow.redirectUri, error.error, error.description, flow.clientState), cookies };
    }
  }

  /** The flow's cookie must be in this browser: the answer comes back to the browser that asked. */
  private checkBrowser(flow: SsoFlow, cookieHeader: string | undefined) {
    const secret = cookieValue(cookieHeader, flowCookieName(flow.id));
    if (!secret || !/^[A-Za-z0-9_-]{43}$/.test(secret) || !secretMatches(secret, Buffer.from(flow.browserHash))) {
      throw new SsoFailure(
        SSO_ERRORS.browserMismatch,
        'This sign-in was started in another browser (or its cookie is gone); start again from the application',
        'SSO_BROWSER_MISMATCH',
      );
    }
  }

  /** Takes the flow out of `from` once: a second answer for the same flow (a replayed callback) is refused. */
  private async claim(em: EntityManager, flow: SsoFlow, from: 'STARTED' | 'ASSERTED') {
    const claimed = await em.nativeUpdate(
      SsoFlow,
      { id: flow.id, status: from },
      { status: 'DONE', finishedAt: this.deps.now() },
    );
    if (claimed === 0)
      throw new SsoFailure(
        SSO_ERRORS.replayed,
        'This sign-in was already used; start again from the application',
        'SSO_REPLAYED',
      );
  }

  /** An assertion id is accepted once per connection (until the assertion would have expired anyway). */
  private async rememberAssertion(
    em: EntityManager,
    connectionId: string,
    assertionId: string,
    notOnOrAfter: Date | null,
  ) {
    const now = this.deps.now();
    const keepUntil = new Date(Math.max(notOnOrAfter?.getTime() ?? 0, now.getTime()) + 24 * 3600_000);
    const sqlOf = tenantSql(em);
    await sqlOf.rows(sql`delete from auth.sso_assertion_ids where organization_id = ${ORG} and expires_at < ${now}`);
    const inserted =
      await sqlOf.rows(sql`insert into auth.sso_assertion_ids (organization_id, connection_id, assertion_id, expires_at)
      values (${ORG}, ${connectionId}, ${assertionId.slice(0, 256)}, ${keepUntil}) on conflict do nothing returning assertion_id`);
    if (inserted.length === 0)
      throw new SsoFailure(SSO_ERRORS.replayed, 'This SAML assertion was already used', 'SSO_ASSERTION_REPLAYED');
  }

  private async connectionFor(
    em: EntityManager,
    connectionId: string | null,
    email: string | null,
  ): Promise<SsoConnection> {
    let connection: SsoConnection | null;
    if (connectionId) connection = await em.findOne(SsoConnection, { id: connectionId });
    else {
      try {
        connection = await this.connections.forEmail(em, email);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'INVALID_REQUEST')
          throw new SsoFailure(
            SSO_ERRORS.connectionNotFound,
            'The email address is not valid',
            'SSO_CONNECTION_NOT_FOUND',
          );
        connection = null;
      }
    }
    if (!connection)
      throw new SsoFailure(
        SSO_ERRORS.connectionNotFound,
        connectionId ? 'No SSO connection has this id' : 'No SSO connection covers this email domain',
        'SSO_CONNECTION_NOT_FOUND',
      );
    if (!connection.enabled)
      throw new SsoFailure(SSO_ERRORS.connectionDisabled, 'The SSO connection is disabled', 'SSO_CONNECTION_DISABLED');
    return connection;
  }

  async oidcSettings(connection: SsoConnection): Promise<OidcSettings> {
    const config = connection.config;
    const clientSecret = (await this.deps.secrets()).open(String(config.clientSecretSealed), connection.id);
    return {
      cacheKey: `${connection.id}:${connection.updatedAt.getTime()}`,
      issuerUrl: String(config.issuerUrl),
      clientId: String(config.clientId),
      clientSecret,
    };
  }

  samlSettings(connection: SsoConnection): SamlSettings {
    const config = connection.config;
    return {
      spEntityId: this.urls.spEntityId(connection.id),
      acsUrl: this.urls.samlAcs,
      idpEntityId: String(config.idpEntityId),
      ssoUrl: String(config.ssoUrl),
      idpCertificate: String(config.idpCertificate),
    };
  }

  /** A call to the identity provider; its failure (unreachable, refused by the URL guard) is the provider's. */
  private async idpCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof SsoFailure) throw error;
      this.deps.logger.warn('sso: identity provider unavailable', { error: (error as Error).message });
      throw new SsoFailure(
        SSO_ERRORS.idpUnavailable,
        `The identity provider could not be reached: ${(error as Error).message}`,
        'SSO_IDP_UNAVAILABLE',
      );
    }
  }

  private async audit(
    em: EntityManager,
    userId: string | null,
    client: Client,
    failure: SsoFailure,
    data: { connectionId: string | null; email: string | null },
  ) {
    await em.transactional((tx) =>
      recordAudit(
        tx,
        {
          type: 'login.failed',
          userId,
          ...client,
          data: {
            email: data.email,
            reason: failure.reason,
            method: 'sso',
            connectionId: data.connectionId,
            error: failure.error,
          },
        },
        this.deps.now(),
      ),
    );
  }
}
