import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { CreateEventTypeInput, UpdateEventTypeInput } from './event-type.input.js';
import { DeletedView } from '../schedules/schedule.types.js';
import type { CalendarDeps } from '../calendar-deps.js';
import { EventTypeService } from './event-type.service.js';
import { EventTypeList, EventTypeView } from './event-type.types.js';

@ArgsType()
class EventTypeListArgs extends PageArgsInput {
  @Field(() => String, { nullable: true })
  hostId?: string;

  @Field(() => Boolean, { nullable: true })
  active?: boolean;
}

@Resolver()
export class EventTypeResolver {
  private readonly service: EventTypeService;

  constructor(deps: CalendarDeps) {
    this.service = new EventTypeService(deps.config.publicUrl);
  }

  @Authorized('calendar')
  @Query(() => EventTypeList, { description: 'Event types, oldest first (default 50, max 100)' })
  calendarEventTypes(@Args() args: EventTypeListArgs, @Ctx() ctx: SubgraphContext): Promise<EventTypeList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('calendar')
  @Query(() => EventTypeView)
  calendarEventType(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<EventTypeView> {
    return this.service.get(ctx.em, id);
  }

  @Authorized('calendar')
  @Mutation(() => EventTypeView, {
    description: 'Body: hostId, title, duration (minutes) required; see docs/calendar.md for the rest',
  })
  createCalendarEventType(
    @Arg('input', () => CreateEventTypeInput) input: CreateEventTypeInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EventTypeView> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('calendar')
  @Mutation(() => EventTypeView, { description: 'Changes the keys given (hostId is fixed)' })
  updateCalendarEventType(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateEventTypeInput) input: UpdateEventTypeInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EventTypeView> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('calendar')
  @Mutation(() => DeletedView, { description: 'Soft delete: existing bookings keep it' })
  deleteCalendarEventType(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<DeletedView> {
    return this.service.delete(ctx.em, id);
  }
}
