import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { AuthOrganization } from '../entities/auth-organization.entity.js';
import { Invitation } from '../entities/invitation.entity.js';
import { Member } from '../entities/member.entity.js';
import type { AuthDeps } from '../auth-deps.js';
import { InvitationService } from './invitation.service.js';
import { OrganizationService } from './organization.service.js';
import { InvitationAcceptance, AuthMemberList, OrganizationInput, OrganizationList } from './organization.types.js';

@Resolver()
export class OrganizationResolver {
  private readonly organizations = new OrganizationService();
  private readonly invitations: InvitationService;

  constructor(deps: AuthDeps) {
    this.invitations = new InvitationService(deps);
  }

  @Authorized('auth')
  @Query(() => OrganizationList, { description: 'count default 50, max 100' })
  authOrganizations(@Args() args: PageArgsInput, @Ctx() ctx: SubgraphContext): Promise<OrganizationList> {
    return this.organizations.list(ctx.em, args);
  }

  @Authorized('auth')
  @Query(() => AuthOrganization)
  authOrganization(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<AuthOrganization> {
    return this.organizations.get(ctx.em, id);
  }

  @Authorized('auth')
  @Mutation(() => AuthOrganization)
  createAuthOrganization(
    @Arg('input', () => OrganizationInput) input: OrganizationInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AuthOrganization> {
    return this.organizations.create(ctx.em, input);
  }

  @Authorized('auth')
  @Mutation(() => AuthOrganization)
  updateAuthOrganization(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => OrganizationInput) input: OrganizationInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AuthOrganization> {
    return this.organizations.update(ctx.em, id, input);
  }

  @Authorized('auth')
  @Mutation(() => AuthOrganization)
  deleteAuthOrganization(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<AuthOrganization> {
    return this.organizations.delete(ctx.em, id);
  }

  @Authorized('auth')
  @Query(() => AuthMemberList)
  authOrganizationMembers(
    @Arg('organizationId', () => ID) organizationId: string,
    @Args() args: PageArgsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AuthMemberList> {
    return this.organizations.members(ctx.em, organizationId, args);
  }

  @Authorized('auth')
  @Mutation(() => Member, { description: 'role OWNER, ADMIN or MEMBER (default)' })
  addAuthOrganizationMember(
    @Arg('organizationId', () => ID) organizationId: string,
    @Arg('userId', () => String, { nullable: true }) userId: string | null,
    @Arg('role', () => String, { nullable: true }) role: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Member> {
    return this.organizations.addMember(ctx.em, organizationId, userId, role);
  }

  @Authorized('auth')
  @Mutation(() => Member)
  removeAuthOrganizationMember(
    @Arg('organizationId', () => ID) organizationId: string,
    @Arg('userId', () => ID) userId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Member> {
    return this.organizations.removeMember(ctx.em, organizationId, userId);
  }

  @Authorized('auth')
  @Mutation(() => Invitation, { description: 'Emails a token (valid 7 days) through the email module' })
  inviteAuthOrganizationMember(
    @Arg('organizationId', () => ID) organizationId: string,
    @Arg('email', () => String, { nullable: true }) email: string | null,
    @Arg('role', () => String, { nullable: true }) role: string | null,
    @Arg('redirectUrl', () => String, { nullable: true }) redirectUrl: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Invitation> {
    return this.invitations.invite(ctx.em, organizationId, email, role, redirectUrl);
  }

  @Authorized('auth')
  @Mutation(() => InvitationAcceptance, {
    description: 'Creates the user (verified) when the address has none; password optional',
  })
  acceptAuthInvitation(
    @Arg('token', () => String) token: string,
    @Arg('password', () => String, { nullable: true }) password: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<InvitationAcceptance> {
    return this.invitations.accept(ctx.em, token, password);
  }
}
