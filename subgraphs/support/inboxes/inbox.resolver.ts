import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { SupportPageArgs } from '../shared/support-page.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { SupportInboxService, inboxView } from './inbox.service.js';
import {
  AvailabilityInput,
  IdentitySecretView,
  InboxCreateInput,
  InboxList,
  InboxStats,
  InboxUpdateInput,
  InboxView,
  MemberInput,
  SupportInboxMemberList,
  MemberView,
} from './inbox.types.js';

const INBOX = { description: 'inbox_…' };

@Resolver()
export class SupportInboxResolver {
  private readonly service: SupportInboxService;

  constructor(deps: SupportDeps) {
    this.service = new SupportInboxService(deps);
  }

  @Authorized('support')
  @Query(() => InboxList, { description: 'Inboxes, oldest first' })
  supportInboxes(@Args() args: SupportPageArgs, @Ctx() ctx: SubgraphContext): Promise<InboxList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('support')
  @Query(() => InboxView)
  async supportInbox(@Arg('id', () => ID, INBOX) id: string, @Ctx() ctx: SubgraphContext): Promise<InboxView> {
    return inboxView(await this.service.find(ctx.em, id));
  }

  @Authorized('support')
  @Mutation(() => InboxView)
  createSupportInbox(
    @Arg('input', () => InboxCreateInput) input: InboxCreateInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<InboxView> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('support')
  @Mutation(() => InboxView)
  updateSupportInbox(
    @Arg('id', () => ID, INBOX) id: string,
    @Arg('input', () => InboxUpdateInput) input: InboxUpdateInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<InboxView> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('support')
  @Mutation(() => IdentitySecretView, {
    description: 'A new identity verification secret for the widget (the previous one stops verifying); shown once',
  })
  rotateSupportInboxIdentitySecret(
    @Arg('id', () => ID, INBOX) id: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<IdentitySecretView> {
    return this.service.rotateIdentitySecret(ctx.em, id);
  }

  @Authorized('support')
  @Mutation(() => Boolean, { description: 'Removes the inbox, its members and its conversations' })
  deleteSupportInbox(@Arg('id', () => ID, INBOX) id: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.remove(ctx.em, id);
  }

  @Authorized('support')
  @Query(() => InboxStats)
  supportInboxStats(@Arg('id', () => ID, INBOX) id: string, @Ctx() ctx: SubgraphContext): Promise<InboxStats> {
    return this.service.stats(ctx.em, id);
  }

  @Authorized('support')
  @Query(() => SupportInboxMemberList)
  supportInboxMembers(
    @Arg('inboxId', () => ID, INBOX) inboxId: string,
    @Args() args: SupportPageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SupportInboxMemberList> {
    return this.service.members(ctx.em, inboxId, args);
  }

  @Authorized('support')
  @Mutation(() => MemberView)
  addSupportInboxMember(
    @Arg('inboxId', () => ID, INBOX) inboxId: string,
    @Arg('input', () => MemberInput) input: MemberInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MemberView> {
    return this.service.addMember(ctx.em, inboxId, input);
  }

  @Authorized('support')
  @Mutation(() => Boolean)
  removeSupportInboxMember(
    @Arg('inboxId', () => ID, INBOX) inboxId: string,
    @Arg('userId', () => ID) userId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<boolean> {
    return this.service.removeMember(ctx.em, inboxId, userId);
  }

  @Authorized('support')
  @Mutation(() => MemberView)
  setSupportMemberAvailability(
    @Arg('inboxId', () => ID, INBOX) inboxId: string,
    @Arg('userId', () => ID) userId: string,
    @Arg('input', () => AvailabilityInput) input: AvailabilityInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MemberView> {
    return this.service.setAvailability(ctx.em, inboxId, userId, input);
  }
}
