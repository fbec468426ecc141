import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { AiDeleted } from '../credentials/provider-credential.types.js';
import { ModelRouteService } from './model-route.service.js';
import { AiRoute, AiRouteInput, AiRouteList } from './model-route.types.js';

@Resolver(() => AiRoute)
export class ModelRouteResolver {
  private readonly service: ModelRouteService;

  constructor(deps: AiGatewayDeps) {
    this.service = new ModelRouteService(deps);
  }

  @Authorized('ai')
  @Query(() => AiRouteList)
  async aiRoutes(@Ctx() ctx: SubgraphContext): Promise<AiRouteList> {
    return { data: await this.service.list(ctx.em) };
  }

  @Authorized('ai')
  @Mutation(() => AiRoute, { description: 'Creates or replaces the route of a bare model name' })
  putAiRoute(
    @Arg('model') model: string,
    @Arg('input') input: AiRouteInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AiRoute> {
    return this.service.put(ctx.em, model, input);
  }

  @Authorized('ai')
  @Mutation(() => AiDeleted)
  deleteAiRoute(@Arg('model') model: string, @Ctx() ctx: SubgraphContext): Promise<AiDeleted> {
    return this.service.remove(ctx.em, model);
  }
}
