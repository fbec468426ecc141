import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

export type SsoFlowStatus = 'STARTED' | 'ASSERTED' | 'DONE' | 'FAILED';

/**
 * One SSO sign-in in progress, from the authorize redirect to the code handed to the application: which connection
 * and redirect URI, the caller's state, and what binds the identity provider's answer to this browser (a cookie's
 * hash), to this request (OIDC state, nonce and PKCE verifier; the SAML request id) and to one use.
 */
@Entity({ schema: 'auth', tableName: 'sso_flows' })
export class SsoFlow extends TenantRow {
  [OptionalProps]?: 'createdAt' | 'status' | 'profile';

  @Property({ type: 'text' })
  connectionId!: string;

  @Property({ type: 'text' })
  applicationId!: string;

  /** One of the application's registered redirect URIs, compared exactly when the flow started. */
  @Property({ type: 'text' })
  redirectUri!: string;

  /** The caller's `state`, handed back unchanged with the code. */
  @Property({ type: 'text', nullable: true })
  clientState?: string | null;

  /** SHA-256 of the secret in the browser's flow cookie. */
  @Property({ type: 'bytea' })
  browserHash!: Buffer;

  /** SHA-256 of the secret half of the OIDC `state` (or SAML RelayState) sent to the identity provider. */
  @Property({ type: 'bytea' })
  stateHash!: Buffer;

  @Property({ type: 'text', nullable: true })
  nonce?: string | null;

  /** The PKCE code verifier, sealed with the platform key. */
  @Property({ type: 'text', nullable: true })
  codeVerifierSealed?: string | null;

  /** The ID of the SAML AuthnRequest: the response's InResponseTo must name it. */
  @Property({ type: 'text', nullable: true })
  samlRequestId?: string | null;

  @Property({ type: 'text' })
  status: SsoFlowStatus = 'STARTED';

  /** The identity checked at the ACS, waiting for the browser's cookie on the next step (SAML). */
  @Property({ type: 'json', nullable: true })
  profile?: Record<string, unknown> | null;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date | null;
}
