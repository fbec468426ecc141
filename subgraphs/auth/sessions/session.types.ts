import { ArgsType, Field, InputType, ObjectType } from 'type-graphql';
import { Session } from '../entities/session.entity.js';
import { User } from '../entities/user.entity.js';
import { RequestInfo } from '../shared/request-info.js';

@InputType('AuthSignInInput')
export class SignInInput extends RequestInfo {
  @Field(() => String, { nullable: true })
  email?: string;

  @Field(() => String, { nullable: true })
  password?: string;

  @Field(() => String, { nullable: true, description: 'The application signing in (app_…), kept on the session' })
  applicationId?: string | null;
}

@InputType('AuthSignInMfaInput')
export class SignInMfaInput extends RequestInfo {
  @Field(() => String, { nullable: true, description: 'details.mfaToken of the MFA_REQUIRED answer' })
  mfaToken?: string;

  @Field(() => String, { nullable: true, description: 'A TOTP code' })
  code?: string | null;

  @Field(() => String, { nullable: true, description: 'Or a recovery code' })
  recoveryCode?: string | null;
}

@ObjectType('AuthSignInResult')
export class SignInResult {
  @Field({
    description: 'The session token (`sess_….<secret>`), shown only here; send it to POST /auth/sessions/verify',
  })
  token!: string;

  @Field(() => Session)
  session!: Session;

  @Field(() => User)
  user!: User;
}

@ObjectType('AuthVerifiedSession')
export class VerifiedSessionInfo {
  @Field() id!: string;
  @Field() userId!: string;
  @Field() mfaVerified!: boolean;
  @Field() createdAt!: string;
  @Field() expiresAt!: string;
  @Field() lastActiveAt!: string;
}

@ObjectType('AuthVerifiedUser')
export class VerifiedUserInfo {
  @Field() id!: string;
  @Field() email!: string;
  @Field() emailVerified!: boolean;
  @Field() status!: string;
}

/** The same JSON the fast path (POST /auth/sessions/verify) answers. */
@ObjectType('AuthSessionVerification')
export class SessionVerification {
  @Field()
  valid!: boolean;

  @Field(() => VerifiedSessionInfo)
  session!: VerifiedSessionInfo;

  @Field(() => VerifiedUserInfo)
  user!: VerifiedUserInfo;
}

@ObjectType('AuthSessionsRevoked')
export class SessionsRevoked {
  @Field(() => [String])
  revoked!: string[];
}

@ArgsType()
export class SessionListArgs {
  @Field(() => Boolean, { nullable: true, description: 'Include revoked and expired sessions (default false)' })
  includeInactive?: boolean;
}
