import { Arg, Authorized, Ctx, Field, ID, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { User } from '../entities/user.entity.js';
import { RequestInfo } from '../shared/request-info.js';
import type { AuthDeps } from '../auth-deps.js';
import { AccountFlowsService } from './account-flows.service.js';

@ObjectType('AuthEmailSent')
export class EmailSent {
  @Field()
  sent!: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      'The email message (GET /emails/messages/{id}); null for a password reset, which never says whether the address exists',
  })
  messageId!: string | null;
}

@Resolver()
export class AccountFlowsResolver {
  private readonly flows: AccountFlowsService;

  constructor(deps: AuthDeps) {
    this.flows = new AccountFlowsService(deps);
  }

  @Authorized('auth')
  @Mutation(() => EmailSent)
  sendAuthVerificationEmail(
    @Arg('userId', () => ID) userId: string,
    @Arg('redirectUrl', () => String, { nullable: true }) redirectUrl: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EmailSent> {
    return this.flows.sendVerification(ctx.em, userId, redirectUrl);
  }

  @Authorized('auth')
  @Mutation(() => User)
  verifyAuthEmail(
    @Arg('token', () => String) token: string,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<User> {
    return this.flows.verifyEmail(ctx.em, token, client);
  }

  @Authorized('auth')
  @Mutation(() => EmailSent)
  requestAuthPasswordReset(
    @Arg('email', () => String) email: string,
    @Arg('redirectUrl', () => String, { nullable: true }) redirectUrl: string | null,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EmailSent> {
    return this.flows.requestPasswordReset(ctx.em, email, redirectUrl, client);
  }

  @Authorized('auth')
  @Mutation(() => User)
  resetAuthPassword(
    @Arg('token', () => String) token: string,
    @Arg('password', () => String) password: string,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<User> {
    return this.flows.resetPassword(ctx.em, token, password, client);
  }

  @Authorized('auth')
  @Mutation(() => User)
  changeAuthPassword(
    @Arg('userId', () => ID) userId: string,
    @Arg('password', () => String) password: string,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<User> {
    return this.flows.changePassword(ctx.em, userId, password, client);
  }
}
