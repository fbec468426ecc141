import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { Session } from '../entities/session.entity.js';
import { RequestInfo } from '../shared/request-info.js';
import { UserService } from '../users/user.service.js';
import type { AuthDeps } from '../auth-deps.js';
import { SessionService } from './session.service.js';
import { SignInService } from './sign-in.service.js';
import {
  SessionListArgs,
  SessionVerification,
  SessionsRevoked,
  SignInInput,
  SignInMfaInput,
  SignInResult,
} from './session.types.js';

@Resolver()
export class SessionResolver {
  private readonly signIns: SignInService;
  private readonly sessions: SessionService;
  private readonly users: UserService;

  constructor(deps: AuthDeps) {
    this.signIns = new SignInService(deps);
    this.sessions = new SessionService(deps);
    this.users = new UserService(deps);
  }

  @Authorized('auth')
  @Mutation(() => SignInResult, {
    description: 'Email and password; MFA_REQUIRED (details.mfaToken) when a second factor is needed',
  })
  signInAuthUser(
    @Arg('input', () => SignInInput) input: SignInInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SignInResult> {
    return this.signIns.signIn(ctx.em, input);
  }

  @Authorized('auth')
  @Mutation(() => SignInResult, { description: 'Second step: mfaToken with a TOTP code or a recovery code' })
  completeAuthMfaSignIn(
    @Arg('input', () => SignInMfaInput) input: SignInMfaInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SignInResult> {
    return this.signIns.completeMfa(ctx.em, input);
  }

  @Authorized('auth')
  @Mutation(() => SessionVerification, {
    description: 'INVALID_SESSION (401) unless the token is a live session (REST: the fast path)',
  })
  verifyAuthSession(
    @Arg('token', () => String) token: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SessionVerification> {
    return this.sessions.verify(ctx.em, token);
  }

  @Authorized('auth')
  @Mutation(() => SessionsRevoked)
  signOutAuthSession(
    @Arg('token', () => String) token: string,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SessionsRevoked> {
    return this.sessions.signOut(ctx.em, token, client);
  }

  @Authorized('auth')
  @Query(() => [Session], { description: "A user's sessions, newest first; active ones unless includeInactive" })
  async authUserSessions(
    @Arg('userId', () => ID) userId: string,
    @Args() args: SessionListArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Session[]> {
    await this.users.get(ctx.em, userId);
    return this.sessions.list(ctx.em, userId, args.includeInactive === true);
  }

  @Authorized('auth')
  @Mutation(() => Session)
  revokeAuthSession(
    @Arg('id', () => ID) id: string,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Session> {
    return this.sessions.revoke(ctx.em, id, client);
  }

  @Authorized('auth')
  @Mutation(() => SessionsRevoked)
  async revokeAuthUserSessions(
    @Arg('userId', () => ID) userId: string,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SessionsRevoked> {
    await this.users.get(ctx.em, userId);
    return this.sessions.revokeAll(ctx.em, userId, client);
  }
}
