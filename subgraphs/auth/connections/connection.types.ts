import { Field, InputType, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { IsObject, IsOptional } from 'class-validator';
import { JSON } from '../../../platform/graphql/scalars.js';
import { SsoConnection } from '../entities/sso-connection.entity.js';

@InputType('AuthSsoConnectionInput')
export class SsoConnectionInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'OIDC or SAML (not changeable)' })
  type?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'OKTA, AZURE_AD, GOOGLE_WORKSPACE, ONELOGIN, PING_IDENTITY, JUMPCLOUD, AUTH0, KEYCLOAK, CUSTOM',
  })
  provider?: string | null;

  @IsOptional()
  @IsObject({ message: 'object' })
  @Field(() => JSON, {
    nullable: true,
    description: 'OIDC: issuerUrl, clientId, clientSecret; SAML: idpEntityId, ssoUrl, idpCertificate (PEM)',
  })
  config?: Record<string, unknown> | null;

  @Field(() => [String], { nullable: true })
  domains?: string[] | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "Create unknown users of the connection's domains at their first SSO sign-in",
  })
  jitProvisioning?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'A disabled connection signs nobody in (default true)' })
  enabled?: boolean | null;
}

@ObjectType('AuthSsoConnectionList')
export class SsoConnectionList extends OffsetList(SsoConnection) {}
