import { Args, ArgsType, Authorized, Ctx, Field, Int, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { CalendarDeps } from '../calendar-deps.js';
import { AvailabilityService } from './availability.service.js';
import { CalendarAvailabilityView } from './availability.types.js';

@ArgsType()
class AvailabilityArgsInput {
  @Field(() => String, { nullable: true, description: 'Required' })
  eventTypeId?: string;

  @Field(() => String, { nullable: true, description: "YYYY-MM-DD in the viewer's zone; default today" })
  startDate?: string;

  @Field(() => String, {
    nullable: true,
    description: 'YYYY-MM-DD, inclusive; default startDate + 6 days; at most 62 days',
  })
  endDate?: string;

  @Field(() => String, { nullable: true, description: "IANA zone of the viewer; default the schedule's" })
  timezone?: string;

  @Field(() => String, { nullable: true })
  hostId?: string;

  @Field(() => Int, { nullable: true, description: 'For multi-duration event types' })
  duration?: number;
}

@Resolver()
export class AvailabilityResolver {
  private readonly service: AvailabilityService;

  constructor(deps: CalendarDeps) {
    this.service = new AvailabilityService(deps);
  }

  @Authorized('calendar')
  @Query(() => CalendarAvailabilityView, { description: "Free slots per day in the viewer's zone" })
  calendarAvailability(
    @Args() args: AvailabilityArgsInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CalendarAvailabilityView> {
    return this.service.availability(ctx.em, args);
  }
}
