import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { SmsStatsService } from './sms-stats.service.js';
import { SmsDailyCountryStats } from './sms-stats.types.js';

@Resolver(() => SmsDailyCountryStats)
export class SmsStatsResolver {
  private readonly service = new SmsStatsService();

  @Authorized('sms')
  @Query(() => [SmsDailyCountryStats], {
    description: 'Dashboard: sent, delivered, failed, blocked and segments per UTC day and country',
  })
  smsDailyStats(
    @Arg('fromDate', () => String, { nullable: true }) fromDate: string | null,
    @Arg('toDate', () => String, { nullable: true }) toDate: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SmsDailyCountryStats[]> {
    return this.service.daily(ctx.em, { fromDate, toDate });
  }
}
