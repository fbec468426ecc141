import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { UsageDashboardService } from './usage-dashboard.service.js';
import { AiUsageDay, AiUsageSummary } from './usage-dashboard.types.js';

@Resolver()
export class UsageDashboardResolver {
  private readonly service = new UsageDashboardService();

  @Authorized('ai')
  @Query(() => [AiUsageDay], { description: 'Dashboard: requests, tokens and cost per UTC day and model (30 days by default, at most 366)' })
  aiUsageDaily(
    @Arg('fromDate', () => String, { nullable: true }) fromDate: string | null,
    @Arg('toDate', () => String, { nullable: true }) toDate: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AiUsageDay[]> {
    return this.service.daily(ctx.em, fromDate, toDate);
  }

  @Authorized('ai')
  @Query(() => AiUsageSummary, { description: 'Dashboard: totals, error rate and cache hit rate of a period' })
  aiUsageSummary(
    @Arg('fromDate', () => String, { nullable: true }) fromDate: string | null,
    @Arg('toDate', () => String, { nullable: true }) toDate: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AiUsageSummary> {
    return this.service.summary(ctx.em, fromDate, toDate);
  }
}
