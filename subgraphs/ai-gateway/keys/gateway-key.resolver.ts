import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { AiDeleted } from '../credentials/provider-credential.types.js';
import { GatewayKeyService } from './gateway-key.service.js';
import {
  AiGatewayKey,
  AiGatewayKeyCreated,
  AiGatewayKeyInput,
  AiGatewayKeyLimitsInput,
  AiGatewayKeyList,
} from './gateway-key.types.js';

@Resolver(() => AiGatewayKey)
export class GatewayKeyResolver {
  private readonly service: GatewayKeyService;

  constructor(deps: AiGatewayDeps) {
    this.service = new GatewayKeyService(deps);
  }

  @Authorized('ai')
  @Query(() => AiGatewayKeyList, {
    description: 'Gateway keys of the organization, newest first (revoked ones included)',
  })
  async aiGatewayKeys(@Ctx() ctx: SubgraphContext): Promise<AiGatewayKeyList> {
    return { data: await this.service.list(ctx.em) };
  }

  @Authorized('ai')
  @Mutation(() => AiGatewayKeyCreated, { description: 'Creates a gw_sk_ key; the key is in this answer only' })
  createAiGatewayKey(
    @Arg('input', () => AiGatewayKeyInput, { nullable: true }) input: AiGatewayKeyInput | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AiGatewayKeyCreated> {
    return this.service.create(ctx.em, input ?? {});
  }

  @Authorized('ai')
  @Mutation(() => AiGatewayKey, {
    description: "Sets a gateway key's model allow-list and requests and tokens per minute",
  })
  updateAiGatewayKey(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: AiGatewayKeyLimitsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AiGatewayKey> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('ai')
  @Mutation(() => AiDeleted, { description: 'Revokes a gateway key: it answers 401 from then on' })
  revokeAiGatewayKey(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<AiDeleted> {
    return this.service.revoke(ctx.em, id);
  }
}
