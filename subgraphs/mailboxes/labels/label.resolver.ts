import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { MailboxMessageView } from '../messages/message.types.js';
import { LabelService } from './label.service.js';
import { CreateLabelInput, LabelsInput, LabelView } from './label.types.js';

@Resolver()
export class LabelResolver {
  private readonly labels = new LabelService();

  @Authorized('mailboxes')
  @Query(() => [LabelView])
  mailboxLabels(@Arg('mailboxId', () => ID) mailboxId: string, @Ctx() ctx: SubgraphContext): Promise<LabelView[]> {
    return this.labels.list(ctx.em, mailboxId);
  }

  @Authorized('mailboxes')
  @Mutation(() => LabelView)
  createMailboxLabel(
    @Arg('mailboxId', () => ID) mailboxId: string,
    @Arg('input', () => CreateLabelInput) input: CreateLabelInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<LabelView> {
    return this.labels.create(ctx.em, mailboxId, input);
  }

  @Authorized('mailboxes')
  @Mutation(() => LabelView, { description: "Deletes the label and takes it off the mailbox's messages" })
  deleteMailboxLabel(
    @Arg('mailboxId', () => ID) mailboxId: string,
    @Arg('name') name: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<LabelView> {
    return this.labels.delete(ctx.em, mailboxId, name);
  }

  @Authorized('mailboxes')
  @Mutation(() => MailboxMessageView)
  labelMailboxMessage(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => LabelsInput) input: LabelsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MailboxMessageView> {
    return this.labels.addToMessage(ctx.em, id, input.labels);
  }

  @Authorized('mailboxes')
  @Mutation(() => MailboxMessageView)
  unlabelMailboxMessage(
    @Arg('id', () => ID) id: string,
    @Arg('name') name: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MailboxMessageView> {
    return this.labels.removeFromMessage(ctx.em, id, name);
  }
}
