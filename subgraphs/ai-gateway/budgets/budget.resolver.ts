import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { AiDeleted } from '../credentials/provider-credential.types.js';
import { BudgetService } from './budget.service.js';
import { AiBudgetView, AiBudgetInput, AiBudgetList } from './budget.types.js';

@Resolver(() => AiBudgetView)
export class BudgetResolver {
  private readonly service: BudgetService;

  constructor(deps: AiGatewayDeps) {
    this.service = new BudgetService(deps);
  }

  @Authorized('ai')
  @Query(() => AiBudgetList, {
    description: 'Budgets of the organization and its gateway keys, with the current spend',
  })
  async aiBudgets(@Ctx() ctx: SubgraphContext): Promise<AiBudgetList> {
    return { data: await this.service.list(ctx.em) };
  }

  @Authorized('ai')
  @Mutation(() => AiBudgetView, {
    description: 'Sets the day or month budget of the organization or of one key (one per key and period)',
  })
  putAiBudget(@Arg('input') input: AiBudgetInput, @Ctx() ctx: SubgraphContext): Promise<AiBudgetView> {
    return this.service.put(ctx.em, input);
  }

  @Authorized('ai')
  @Mutation(() => AiDeleted)
  deleteAiBudget(@Arg('id') id: string, @Ctx() ctx: SubgraphContext): Promise<AiDeleted> {
    return this.service.remove(ctx.em, id);
  }
}
