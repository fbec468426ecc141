import { Field, ObjectType } from 'type-graphql';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { SignInResult } from '../sessions/session.types.js';

@ObjectType('AuthSignInCodeResult')
export class SignInCodeResult extends SignInResult {
  @Field(() => JSONObject, {
    nullable: true,
    description:
      'SSO: what the identity provider proved {connectionId, connectionType, idpId, email, firstName, lastName, attributes}; null for a password sign-in',
  })
  profile!: Record<string, unknown> | null;
}

@ObjectType('AuthConnectionCheck')
export class ConnectionCheck {
  @Field({ description: 'What was checked (discovery, issuer, jwks, certificate, ...)' })
  name!: string;

  @Field()
  ok!: boolean;

  @Field({ description: 'What was found, or what is wrong' })
  message!: string;
}

@ObjectType('AuthConnectionTestResult')
export class ConnectionTestResult {
  @Field({ description: 'Every check passed' })
  ok!: boolean;

  @Field(() => [ConnectionCheck])
  checks!: ConnectionCheck[];
}
