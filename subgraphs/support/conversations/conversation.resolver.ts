import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { ConversationService } from './conversation.service.js';
import { messagesByConversation, tagsByConversation } from './conversation-loaders.js';
import { messageView } from './conversation-view.js';
import {
  AssignInput,
  AttachmentContent,
  ConversationList,
  ConversationListArgs,
  ConversationView,
  SupportMessageView,
  SupportReplyInput,
  SnoozeInput,
  StatusInput,
  TagsInput,
  SupportTagView,
} from './conversation.types.js';

const CONVERSATION = { description: 'conv_…' };

@Resolver(() => ConversationView)
export class ConversationResolver {
  private readonly service: ConversationService;

  constructor(deps: SupportDeps) {
    this.service = new ConversationService(deps);
  }

  @Authorized('support')
  @Query(() => ConversationList, { description: 'Most recent activity first' })
  supportConversations(@Args() args: ConversationListArgs, @Ctx() ctx: SubgraphContext): Promise<ConversationList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('support')
  @Query(() => ConversationView)
  supportConversation(
    @Arg('id', () => ID, CONVERSATION) id: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConversationView> {
    return this.service.get(ctx.em, id);
  }

  @Authorized('support')
  @Query(() => AttachmentContent, { description: 'An attachment of the conversation with its bytes (base64)' })
  supportAttachment(
    @Arg('conversationId', () => ID, CONVERSATION) conversationId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AttachmentContent> {
    return this.service.attachment(ctx.em, conversationId, id);
  }

  @Authorized('support')
  @FieldResolver(() => [SupportMessageView], { description: 'Oldest first; notes included (agents only)' })
  async messages(@Root() conversation: ConversationView, @Ctx() ctx: SubgraphContext): Promise<SupportMessageView[]> {
    return (await messagesByConversation(ctx).load(conversation.id)).map(messageView);
  }

  @Authorized('support')
  @FieldResolver(() => [SupportTagView])
  tags(@Root() conversation: ConversationView, @Ctx() ctx: SubgraphContext): Promise<SupportTagView[]> {
    return tagsByConversation(ctx).load(conversation.id);
  }

  @Authorized('support')
  @Mutation(() => SupportMessageView, {
    description:
      'type reply (reaches the visitor) or note (agents only); optional authorId, cannedResponseId, attachments',
  })
  replySupportConversation(
    @Arg('id', () => ID, CONVERSATION) id: string,
    @Arg('input', () => SupportReplyInput) input: SupportReplyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SupportMessageView> {
    return this.service.reply(ctx.em, id, input);
  }

  @Authorized('support')
  @Mutation(() => ConversationView, { description: "The assignee must be a member of the conversation's inbox" })
  assignSupportConversation(
    @Arg('id', () => ID, CONVERSATION) id: string,
    @Arg('input', () => AssignInput) input: AssignInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConversationView> {
    return this.service.assign(ctx.em, id, input);
  }

  @Authorized('support')
  @Mutation(() => ConversationView, { description: 'open, pending, resolved or closed' })
  setSupportConversationStatus(
    @Arg('id', () => ID, CONVERSATION) id: string,
    @Arg('input', () => StatusInput) input: StatusInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConversationView> {
    return this.service.setStatus(ctx.em, id, input);
  }

  @Authorized('support')
  @Mutation(() => ConversationView, { description: 'Snoozed until `until`, then open again' })
  snoozeSupportConversation(
    @Arg('id', () => ID, CONVERSATION) id: string,
    @Arg('input', () => SnoozeInput) input: SnoozeInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConversationView> {
    return this.service.snooze(ctx.em, id, input);
  }

  @Authorized('support')
  @Mutation(() => [SupportTagView], {
    description: 'Adds tags (created on first use); answers every tag of the conversation',
  })
  tagSupportConversation(
    @Arg('id', () => ID, CONVERSATION) id: string,
    @Arg('input', () => TagsInput) input: TagsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SupportTagView[]> {
    return this.service.addTags(ctx.em, id, input);
  }

  @Authorized('support')
  @Mutation(() => [SupportTagView], {
    description: 'Removes one tag (by tag id) from the conversation; answers the remaining tags',
  })
  untagSupportConversation(
    @Arg('id', () => ID, CONVERSATION) id: string,
    @Arg('tagId', () => ID) tagId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SupportTagView[]> {
    return this.service.removeTag(ctx.em, id, tagId);
  }
}
