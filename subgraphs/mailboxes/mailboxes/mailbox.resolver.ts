import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { MailboxesDeps } from '../mailboxes-deps.js';
import { MailboxService } from './mailbox.service.js';
import { CreateMailboxInput, MailboxDeleted, MailboxList, MailboxView } from './mailbox.types.js';

@Resolver()
export class MailboxResolver {
  private readonly service: MailboxService;

  constructor(deps: MailboxesDeps) {
    this.service = new MailboxService(deps);
  }

  @Authorized('mailboxes')
  @Query(() => MailboxList, { description: 'Newest first (limit default 50, max 100)' })
  mailboxes(
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MailboxList> {
    return this.service.list(ctx.em, limit, offset);
  }

  @Authorized('mailboxes')
  @Query(() => MailboxView)
  mailbox(
    @Arg('id', () => ID, { description: 'mbx_… or the address' }) id: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MailboxView> {
    return this.service.get(ctx.em, id);
  }

  @Authorized('mailboxes')
  @Mutation(() => MailboxView)
  createMailbox(
    @Arg('input', () => CreateMailboxInput) input: CreateMailboxInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MailboxView> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('mailboxes')
  @Mutation(() => MailboxDeleted, { description: 'Removes the mailbox with its messages, threads and labels' })
  deleteMailbox(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<MailboxDeleted> {
    return this.service.delete(ctx.em, id);
  }
}
