import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { CreateScheduleInput, OverrideInput, UpdateScheduleInput } from './schedule.input.js';
import { ScheduleService } from './schedule.service.js';
import { DeletedView, OverrideView, ScheduleList, ScheduleView } from './schedule.types.js';

@ArgsType()
class ScheduleListArgs extends PageArgsInput {
  @Field(() => String, { nullable: true, description: "Only this host's schedules" })
  hostId?: string;
}

@Resolver()
export class ScheduleResolver {
  private readonly service = new ScheduleService();

  @Authorized('calendar')
  @Query(() => ScheduleList, { description: 'Schedules, oldest first (default 50, max 100)' })
  calendarSchedules(@Args() args: ScheduleListArgs, @Ctx() ctx: SubgraphContext): Promise<ScheduleList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('calendar')
  @Query(() => ScheduleView)
  calendarSchedule(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<ScheduleView> {
    return this.service.get(ctx.em, id);
  }

  @Authorized('calendar')
  @Mutation(() => ScheduleView, {
    description: 'Body: hostId, name, timezone (IANA), isDefault, availability [{day, startTime, endTime}]',
  })
  createCalendarSchedule(
    @Arg('input', () => CreateScheduleInput) input: CreateScheduleInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ScheduleView> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('calendar')
  @Mutation(() => ScheduleView, { description: 'Changes the keys given: name, timezone, isDefault, availability' })
  updateCalendarSchedule(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateScheduleInput) input: UpdateScheduleInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ScheduleView> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('calendar')
  @Mutation(() => DeletedView, { description: "Event types on it fall back to their host's default schedule" })
  deleteCalendarSchedule(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<DeletedView> {
    return this.service.delete(ctx.em, id);
  }

  @Authorized('calendar')
  @Mutation(() => OverrideView, {
    description: 'Body: date, isAvailable, reason, and startTime/endTime when available',
  })
  addCalendarScheduleOverride(
    @Arg('scheduleId', () => ID) scheduleId: string,
    @Arg('input', () => OverrideInput) input: OverrideInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OverrideView> {
    return this.service.addOverride(ctx.em, scheduleId, input);
  }

  @Authorized('calendar')
  @Mutation(() => DeletedView)
  deleteCalendarScheduleOverride(
    @Arg('scheduleId', () => ID) scheduleId: string,
    @Arg('overrideId', () => ID) overrideId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DeletedView> {
    return this.service.removeOverride(ctx.em, scheduleId, overrideId);
  }
}
