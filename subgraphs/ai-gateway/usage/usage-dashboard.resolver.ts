import { Arg, Args, ArgsType, Authorized, Ctx, Field, Query, Resolver } from 'type-graphql';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { AiUsageRecordList } from './usage-record.types.js';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { UsageDashboardService } from './usage-dashboard.service.js';
import { AiUsageDay, AiUsageGroupList, AiUsageSummary } from './usage-dashboard.types.js';

@ArgsType()
class AiUsageLogArgs extends PageArgsInput {
  @Field(() => String, { nullable: true, description: 'SUCCESS, ERROR or ABORTED' })
  status?: string | null;

  @Field(() => String, { nullable: true, description: 'The requested model' })
  model?: string | null;
}

@Resolver()
export class UsageDashboardResolver {
  private readonly service = new UsageDashboardService();

  @Authorized('ai')
  @Query(() => [AiUsageDay], {
    description: 'Dashboard: requests, tokens and cost per UTC day and model (30 days by default, at most 366)',
  })
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

  @Authorized('ai')
  @Query(() => AiUsageGroupList, {
    description:
      'Requests, tokens and cost per requested model, gateway key or UTC day (30 days by default, at most 366)',
  })
  async aiUsage(
    @Arg('fromDate', () => String, { nullable: true }) fromDate: string | null,
    @Arg('toDate', () => String, { nullable: true }) toDate: string | null,
    @Arg('groupBy', () => String, { nullable: true, description: 'model (default), key or day' })
    groupBy: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AiUsageGroupList> {
    return { data: await this.service.grouped(ctx.em, fromDate, toDate, groupBy) };
  }

  @Authorized('ai')
  @Query(() => AiUsageRecordList, { description: 'The usage log, one row per request, newest first' })
  aiUsageLog(@Args() args: AiUsageLogArgs, @Ctx() ctx: SubgraphContext): Promise<AiUsageRecordList> {
    return this.service.log(ctx.em, args);
  }
}
