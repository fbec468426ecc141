import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { BulkResult, MessageIdsInput, MessageList, MailboxMessageView } from '../messages/message.types.js';
import { MailboxInboxService } from './inbox.service.js';

@ArgsType()
class InboxArgs {
  @Field(() => ID)
  mailboxId!: string;

  @Field(() => Int, { nullable: true, description: 'Default 50, max 100' })
  limit?: number | null;

  @Field(() => Int, { nullable: true })
  offset?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'true: unread only; false: read only' })
  unread?: boolean | null;

  @Field(() => String, { nullable: true })
  label?: string | null;

  @Field(() => String, { nullable: true, description: 'Sender address' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'Received after (ISO 8601)' })
  after?: string | null;

  @Field(() => String, { nullable: true, description: 'Received before (ISO 8601)' })
  before?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'received_at, subject or from, then :asc or :desc (default received_at:desc)',
  })
  sort?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'true lists archived messages instead (default false)' })
  archived?: boolean | null;
}

@Resolver()
export class MailboxInboxResolver {
  private readonly inbox = new MailboxInboxService();

  @Authorized('mailboxes')
  @Query(() => MessageList, { description: 'Received messages of a mailbox' })
  mailboxInbox(@Args() args: InboxArgs, @Ctx() ctx: SubgraphContext): Promise<MessageList> {
    return this.inbox.list(ctx.em, args.mailboxId, args);
  }

  @Authorized('mailboxes')
  @Query(() => MailboxMessageView, { description: 'The full message' })
  mailboxMessage(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<MailboxMessageView> {
    return this.inbox.get(ctx.em, id, false);
  }

  @Authorized('mailboxes')
  @Mutation(() => MailboxMessageView, {
    description: 'The full message, marked read unless markRead is false (GET /inbox/{id}?markRead=true)',
  })
  openMailboxMessage(
    @Arg('id', () => ID) id: string,
    @Arg('markRead', () => Boolean, { nullable: true }) markRead: boolean | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MailboxMessageView> {
    return this.inbox.get(ctx.em, id, markRead ?? true);
  }

  @Authorized('mailboxes')
  @Query(() => MessageList, { description: 'Full-text search, best match first: words, "phrases", OR, -word' })
  searchMailbox(
    @Arg('mailboxId', () => ID) mailboxId: string,
    @Arg('query') query: string,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MessageList> {
    return this.inbox.search(ctx.em, mailboxId, query, limit, offset);
  }

  @Authorized('mailboxes')
  @Mutation(() => BulkResult)
  markMailboxMessagesRead(
    @Arg('input', () => MessageIdsInput) input: MessageIdsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BulkResult> {
    return this.inbox.bulk(ctx.em, input.messageIds, { read: true });
  }

  @Authorized('mailboxes')
  @Mutation(() => BulkResult)
  markMailboxMessagesUnread(
    @Arg('input', () => MessageIdsInput) input: MessageIdsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BulkResult> {
    return this.inbox.bulk(ctx.em, input.messageIds, { read: false });
  }

  @Authorized('mailboxes')
  @Mutation(() => BulkResult)
  archiveMailboxMessages(
    @Arg('input', () => MessageIdsInput) input: MessageIdsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BulkResult> {
    return this.inbox.bulk(ctx.em, input.messageIds, { archived: true });
  }

  @Authorized('mailboxes')
  @Mutation(() => BulkResult)
  unarchiveMailboxMessages(
    @Arg('input', () => MessageIdsInput) input: MessageIdsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BulkResult> {
    return this.inbox.bulk(ctx.em, input.messageIds, { archived: false });
  }

  @Authorized('mailboxes')
  @Mutation(() => BulkResult)
  deleteMailboxMessages(
    @Arg('input', () => MessageIdsInput) input: MessageIdsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BulkResult> {
    return this.inbox.delete(ctx.em, input.messageIds);
  }
}
