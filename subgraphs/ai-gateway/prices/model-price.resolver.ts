import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { AiDeleted } from '../credentials/provider-credential.types.js';
import { ModelPriceService } from './model-price.service.js';
import { AiModelPrice, AiModelPriceInput, AiModelPriceList } from './model-price.types.js';

@Resolver(() => AiModelPrice)
export class ModelPriceResolver {
  private readonly service: ModelPriceService;

  constructor(deps: AiGatewayDeps) {
    this.service = new ModelPriceService(deps);
  }

  @Authorized('ai')
  @Query(() => AiModelPriceList, { description: "The organization's price overrides" })
  async aiModelPrices(@Ctx() ctx: SubgraphContext): Promise<AiModelPriceList> {
    return { data: await this.service.list(ctx.em) };
  }

  @Authorized('ai')
  @Mutation(() => AiModelPrice, {
    description: 'Sets the price of one provider model for this organization (wins over the price list)',
  })
  putAiModelPrice(@Arg('input') input: AiModelPriceInput, @Ctx() ctx: SubgraphContext): Promise<AiModelPrice> {
    return this.service.put(ctx.em, input);
  }

  @Authorized('ai')
  @Mutation(() => AiDeleted)
  deleteAiModelPrice(@Arg('id') id: string, @Ctx() ctx: SubgraphContext): Promise<AiDeleted> {
    return this.service.remove(ctx.em, id);
  }
}
