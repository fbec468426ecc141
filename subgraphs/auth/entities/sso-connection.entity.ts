import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';
import { JSONObject } from '../../../platform/graphql/scalars.js';

/** An OIDC or SAML identity provider. `config.clientSecret` (OIDC) is sealed at rest and never returned. */
@ObjectType('AuthSsoConnection')
@Entity({ schema: 'auth', tableName: 'connections' })
export class SsoConnection extends TimestampedTenantRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @Field(() => ID, { description: 'conn_…' })
  override id!: string;

  @Field()
  @Property({ type: 'text' })
  name!: string;

  @Field({ description: 'OIDC or SAML' })
  @Property({ type: 'text' })
  type!: 'OIDC' | 'SAML';

  @Field()
  @Property({ type: 'text' })
  provider!: string;

  /** Stored form: clientSecret sealed; the resolver shows a redacted copy. */
  @Property({ type: 'json' })
  config!: Record<string, unknown>;

  @Field(() => JSONObject, {
    name: 'config',
    description:
      'OIDC: issuerUrl, clientId (clientSecret never returned); SAML: idpEntityId, ssoUrl, idpCertificate (+ certificate facts)',
  })
  publicConfig?: Record<string, unknown>;

  @Field(() => [String])
  @Property({ type: 'text[]' })
  domains: string[] = [];

  @Field()
  @Property({ type: 'boolean' })
  jitProvisioning: boolean = false;

  @Field({ description: 'A disabled connection signs nobody in' })
  @Property({ type: 'boolean' })
  enabled: boolean = true;

  @Field()
  override createdAt!: Date;

  @Field()
  override updatedAt!: Date;
}
