import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { MailboxesDeps } from '../mailboxes-deps.js';
import { MessageService } from './message.service.js';
import {
  BatchInput,
  BatchItemResult,
  ForwardInput,
  MailboxReplyInput,
  SendInput,
  SendResult,
} from './message.types.js';

const MESSAGE_ID = { description: 'msg_…' };

@Resolver()
export class MessageResolver {
  private readonly messages: MessageService;

  constructor(deps: MailboxesDeps) {
    this.messages = new MessageService(deps);
  }

  @Authorized('mailboxes')
  @Mutation(() => SendResult, {
    description: 'Queues a message (status queued, or scheduled with a future scheduledAt)',
  })
  sendMailboxMessage(
    @Arg('input', () => SendInput) input: SendInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SendResult> {
    return this.messages.send(ctx.em, input);
  }

  @Authorized('mailboxes')
  @Mutation(() => [BatchItemResult], { description: 'Up to 100 messages; one result per item, in order' })
  sendMailboxBatch(
    @Arg('input', () => BatchInput) input: BatchInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BatchItemResult[]> {
    return this.messages.sendBatch(ctx.em, input);
  }

  @Authorized('mailboxes')
  @Mutation(() => SendResult)
  replyToMailboxMessage(
    @Arg('id', () => ID, MESSAGE_ID) id: string,
    @Arg('input', () => MailboxReplyInput) input: MailboxReplyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SendResult> {
    return this.messages.reply(ctx.em, id, input, false);
  }

  @Authorized('mailboxes')
  @Mutation(() => SendResult)
  replyAllToMailboxMessage(
    @Arg('id', () => ID, MESSAGE_ID) id: string,
    @Arg('input', () => MailboxReplyInput) input: MailboxReplyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SendResult> {
    return this.messages.reply(ctx.em, id, input, true);
  }

  @Authorized('mailboxes')
  @Mutation(() => SendResult)
  forwardMailboxMessage(
    @Arg('id', () => ID, MESSAGE_ID) id: string,
    @Arg('input', () => ForwardInput) input: ForwardInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SendResult> {
    return this.messages.forward(ctx.em, id, input);
  }

  @Authorized('mailboxes')
  @Mutation(() => SendResult, { description: 'scheduled → cancelled; 409 once it has gone' })
  cancelMailboxMessage(@Arg('id', () => ID, MESSAGE_ID) id: string, @Ctx() ctx: SubgraphContext): Promise<SendResult> {
    return this.messages.cancel(ctx.em, id);
  }
}
