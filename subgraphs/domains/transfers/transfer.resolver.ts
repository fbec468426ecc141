import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { DomainsDeps } from '../domains-deps.js';
import { TransferService } from './transfer.service.js';
import { TransferList, TransferView } from './transfer.types.js';
import { TransferDomainInput, TransferListArgs } from './transfer.input.js';

@Resolver()
export class TransferResolver {
  private readonly service: TransferService;

  constructor(deps: DomainsDeps) {
    this.service = new TransferService(deps);
  }

  @Authorized('domains')
  @Mutation(() => TransferView, { description: 'Starts a transfer in; completes later (domain.transferred_in)' })
  transferDomain(
    @Arg('input', () => TransferDomainInput) input: TransferDomainInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<TransferView> {
    return this.service.request(ctx.em, input);
  }

  @Authorized('domains')
  @Query(() => TransferList, {
    description: "The organization's transfers in, newest first (default 50, max 100), optionally of one status",
  })
  domainTransfers(@Args() args: TransferListArgs, @Ctx() ctx: SubgraphContext): Promise<TransferList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('domains')
  @Query(() => TransferView)
  domainTransfer(@Arg('transferId', () => ID) transferId: string, @Ctx() ctx: SubgraphContext): Promise<TransferView> {
    return this.service.get(ctx.em, transferId);
  }

  @Authorized('domains')
  @Mutation(() => TransferView)
  cancelDomainTransfer(
    @Arg('transferId', () => ID) transferId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<TransferView> {
    return this.service.cancel(ctx.em, transferId);
  }
}
