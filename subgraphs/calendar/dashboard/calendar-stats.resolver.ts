import { Args, ArgsType, Authorized, Ctx, Field, Int, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { CalendarDeps } from '../calendar-deps.js';
import { CalendarStatsService } from './calendar-stats.service.js';
import { BookingsPerDayView, BusySlotView, CancellationRateView } from './calendar-stats.types.js';

@ArgsType()
class StatsArgs {
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; default 30 days before today' })
  fromDate?: string;

  @Field(() => String, {
    nullable: true,
    description: 'YYYY-MM-DD, inclusive; default 30 days after today; at most 366 days',
  })
  toDate?: string;

  @Field(() => String, { nullable: true, description: 'IANA zone the days are counted in; default UTC' })
  timezone?: string;
}

@ArgsType()
class BusiestArgs extends StatsArgs {
  @Field(() => Int, { nullable: true, description: '1..100, default 10' })
  limit?: number;
}

/** Dashboard queries over bookings (by start time). */
@Resolver()
export class CalendarStatsResolver {
  private readonly service: CalendarStatsService;

  constructor(deps: CalendarDeps) {
    this.service = new CalendarStatsService(deps);
  }

  @Authorized('calendar')
  @Query(() => [BookingsPerDayView], {
    description: 'Bookings per day of their start, by status; days without bookings are left out',
  })
  calendarBookingsPerDay(@Args() args: StatsArgs, @Ctx() ctx: SubgraphContext): Promise<BookingsPerDayView[]> {
    return this.service.perDay(ctx.em, args);
  }

  @Authorized('calendar')
  @Query(() => CancellationRateView, { description: 'Share of bookings starting in the range that were cancelled' })
  calendarCancellationRate(@Args() args: StatsArgs, @Ctx() ctx: SubgraphContext): Promise<CancellationRateView> {
    return this.service.cancellationRate(ctx.em, args);
  }

  @Authorized('calendar')
  @Query(() => [BusySlotView], { description: 'Weekday and start time with the most active bookings, most first' })
  calendarBusiestSlots(@Args() args: BusiestArgs, @Ctx() ctx: SubgraphContext): Promise<BusySlotView[]> {
    return this.service.busiestSlots(ctx.em, args);
  }
}
