import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';
import { JSONObject } from '../../../platform/graphql/scalars.js';

/** An OIDC or SAML identity provider. `config.clientSecret` (OIDC) is sealed at rest and never returned. */
@ObjectType('AuthSsoConnection')
@Entity({ schema: 'auth', tableName: 'connections' })
export class SsoConnection extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @Field(() => ID, { description: 'conn_…' })
  @PrimaryKey({ type: 'text' })
  id!: string;

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

  @Field(() => JSONObject, { name: 'config', description: 'OIDC: issuerUrl, clientId (clientSecret never returned); SAML: idpEntityId, ssoUrl, idpCertificate (+ certificate facts)' })
  publicConfig?: Record<string, unknown>;

  @Field(() => [String])
  @Property({ type: 'text[]' })
  domains: string[] = [];

  @Field()
  @Property({ type: 'boolean' })
  jitProvisioning: boolean = false;

  @Field()
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Field()
  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
