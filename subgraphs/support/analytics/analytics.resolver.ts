import { Args, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { AnalyticsService } from './analytics.service.js';
import {
  AnalyticsArgs,
  AnalyticsOverview,
  ConversationsReport,
  ResponseTimeArgs,
  ResponseTimeReport,
  TeamReport,
} from './analytics.types.js';

@Resolver()
export class AnalyticsResolver {
  private readonly service: AnalyticsService;

  constructor(deps: SupportDeps) {
    this.service = new AnalyticsService(deps);
  }

  @Authorized('support')
  @Query(() => AnalyticsOverview, { description: 'Counts and average times (seconds) of the range' })
  supportAnalyticsOverview(@Args() args: AnalyticsArgs, @Ctx() ctx: SubgraphContext): Promise<AnalyticsOverview> {
    return this.service.overview(ctx.em, args);
  }

  @Authorized('support')
  @Query(() => ConversationsReport, { description: 'Conversations created per UTC day, by current status' })
  supportAnalyticsConversations(
    @Args() args: AnalyticsArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ConversationsReport> {
    return this.service.conversations(ctx.em, args);
  }

  @Authorized('support')
  @Query(() => TeamReport, { description: 'Per agent' })
  supportAnalyticsTeam(@Args() args: AnalyticsArgs, @Ctx() ctx: SubgraphContext): Promise<TeamReport> {
    return this.service.team(ctx.em, args);
  }

  @Authorized('support')
  @Query(() => ResponseTimeReport, { description: 'p50, p90 and a histogram of first response (or reply) times' })
  supportAnalyticsResponseTime(
    @Args() args: ResponseTimeArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ResponseTimeReport> {
    return this.service.responseTime(ctx.em, args);
  }
}
