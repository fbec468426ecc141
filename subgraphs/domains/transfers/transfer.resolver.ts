import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { DomainsDeps } from '../domains-deps.js';
import { TransferService } from './transfer.service.js';
import { TransferDomainInput, TransferView } from './transfer.types.js';

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
