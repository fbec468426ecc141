import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { CannedResponseService } from './canned-response.service.js';
import {
  CannedResponseCreateInput,
  CannedResponseList,
  CannedResponseListArgs,
  CannedResponseUpdateInput,
  CannedResponseView,
} from './canned-response.types.js';

const CANNED = { description: 'canned_…' };

@Resolver()
export class CannedResponseResolver {
  private readonly service: CannedResponseService;

  constructor(deps: SupportDeps) {
    this.service = new CannedResponseService(deps);
  }

  @Authorized('support')
  @Query(() => CannedResponseList)
  supportCannedResponses(
    @Args() args: CannedResponseListArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CannedResponseList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('support')
  @Query(() => CannedResponseView)
  supportCannedResponse(
    @Arg('id', () => ID, CANNED) id: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CannedResponseView> {
    return this.service.get(ctx.em, id);
  }

  @Authorized('support')
  @Mutation(() => CannedResponseView, { description: 'A taken shortcut is a 409 CONFLICT' })
  createSupportCannedResponse(
    @Arg('input', () => CannedResponseCreateInput) input: CannedResponseCreateInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CannedResponseView> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('support')
  @Mutation(() => CannedResponseView)
  updateSupportCannedResponse(
    @Arg('id', () => ID, CANNED) id: string,
    @Arg('input', () => CannedResponseUpdateInput) input: CannedResponseUpdateInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CannedResponseView> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('support')
  @Mutation(() => Boolean)
  deleteSupportCannedResponse(@Arg('id', () => ID, CANNED) id: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    return this.service.remove(ctx.em, id);
  }
}
