import { Arg, Authorized, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { ThreadService } from './thread.service.js';
import { ThreadList, ThreadView } from './thread.types.js';

@Resolver()
export class ThreadResolver {
  private readonly threads = new ThreadService();

  @Authorized('mailboxes')
  @Query(() => ThreadList, {
    description: 'Threads of a mailbox (sort default last_message_at:desc; limit default 50, max 100)',
  })
  mailboxThreads(
    @Arg('mailboxId', () => ID) mailboxId: string,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Arg('sort', () => String, { nullable: true }) sort: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ThreadList> {
    return this.threads.list(ctx.em, mailboxId, limit, offset, sort);
  }

  @Authorized('mailboxes')
  @Query(() => ThreadView, { description: 'The thread and all its messages, oldest first' })
  mailboxThread(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<ThreadView> {
    return this.threads.get(ctx.em, id);
  }
}
