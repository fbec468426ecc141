import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { MfaFactor } from '../entities/mfa-factor.entity.js';
import { RequestInfo } from '../shared/request-info.js';
import { UserService } from '../users/user.service.js';
import type { AuthDeps } from '../auth-deps.js';
import { MfaService } from './mfa.service.js';
import { RecoveryCodes, TotpEnrollment, TotpVerification } from './mfa.types.js';

@Resolver()
export class MfaResolver {
  private readonly mfa: MfaService;
  private readonly users: UserService;

  constructor(deps: AuthDeps) {
    this.mfa = new MfaService(deps);
    this.users = new UserService(deps);
  }

  @Authorized('auth')
  @Query(() => [MfaFactor])
  async authMfaFactors(@Arg('userId', () => ID) userId: string, @Ctx() ctx: SubgraphContext): Promise<MfaFactor[]> {
    await this.users.get(ctx.em, userId);
    return this.mfa.listFactors(ctx.em, userId);
  }

  @Authorized('auth')
  @Mutation(() => TotpEnrollment)
  async enrollAuthTotp(@Arg('userId', () => ID) userId: string, @Ctx() ctx: SubgraphContext): Promise<TotpEnrollment> {
    return this.mfa.enrollTotp(ctx.em, await this.users.get(ctx.em, userId));
  }

  @Authorized('auth')
  @Mutation(() => TotpVerification, {
    description: 'INVALID_MFA_CODE unless the code matches (±1 step) and was not used before',
  })
  async verifyAuthTotp(
    @Arg('userId', () => ID) userId: string,
    @Arg('code', () => String) code: string,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<TotpVerification> {
    return this.mfa.verifyTotp(ctx.em, await this.users.get(ctx.em, userId), code, client);
  }

  @Authorized('auth')
  @Mutation(() => MfaFactor)
  async deleteAuthMfaFactor(
    @Arg('userId', () => ID) userId: string,
    @Arg('factorId', () => ID) factorId: string,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MfaFactor> {
    await this.users.get(ctx.em, userId);
    return this.mfa.deleteFactor(ctx.em, userId, factorId, client);
  }

  @Authorized('auth')
  @Mutation(() => RecoveryCodes)
  async generateAuthRecoveryCodes(
    @Arg('userId', () => ID) userId: string,
    @Arg('client', () => RequestInfo, { nullable: true }) client: RequestInfo | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RecoveryCodes> {
    await this.users.get(ctx.em, userId);
    return this.mfa.generateRecoveryCodes(ctx.em, userId, client);
  }
}
