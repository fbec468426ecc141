import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PolicyService } from './policy.service.js';
import { PasswordPolicyInput, PasswordPolicyType, SessionPolicyInput, SessionPolicyType } from './policy.types.js';

@Resolver()
export class PolicyResolver {
  private readonly service = new PolicyService();

  @Authorized('auth')
  @Query(() => PasswordPolicyType, { description: 'GET /auth/security/password-policy' })
  authPasswordPolicy(@Ctx() ctx: SubgraphContext): Promise<PasswordPolicyType> {
    return this.service.passwordPolicy(ctx.em);
  }

  @Authorized('auth')
  @Mutation(() => PasswordPolicyType, { description: 'PATCH: only the fields given change' })
  updateAuthPasswordPolicy(
    @Arg('input', () => PasswordPolicyInput) input: PasswordPolicyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PasswordPolicyType> {
    return this.service.updatePasswordPolicy(ctx.em, { ...input });
  }

  @Authorized('auth')
  @Query(() => SessionPolicyType, { description: 'GET /auth/security/session-policy' })
  authSessionPolicy(@Ctx() ctx: SubgraphContext): Promise<SessionPolicyType> {
    return this.service.sessionPolicy(ctx.em);
  }

  @Authorized('auth')
  @Mutation(() => SessionPolicyType, { description: 'PATCH: only the fields given change' })
  updateAuthSessionPolicy(
    @Arg('input', () => SessionPolicyInput) input: SessionPolicyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SessionPolicyType> {
    return this.service.updateSessionPolicy(ctx.em, { ...input });
  }
}
