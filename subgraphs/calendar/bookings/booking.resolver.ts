import { Arg, Args, ArgsType, Authorized, Ctx, Field, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import type { CalendarDeps } from '../calendar-deps.js';
import { BookingService } from './booking.service.js';
import { BookingLifecycleService } from './booking-lifecycle.service.js';
import { BookingList, BookingView } from './booking.types.js';
import { CancelBookingInput, CreateBookingInput, RejectBookingInput, RescheduleBookingInput } from './booking.input.js';

@ArgsType()
class BookingListArgs extends PageArgsInput {
  @Field(() => String, { nullable: true, description: 'PENDING, CONFIRMED, CANCELLED or REJECTED' })
  status?: string;

  @Field(() => String, { nullable: true, description: 'Start on or after: YYYY-MM-DD (UTC) or ISO 8601' })
  startDate?: string;

  @Field(() => String, { nullable: true, description: 'Start on or before: YYYY-MM-DD (UTC, inclusive) or ISO 8601' })
  endDate?: string;

  @Field(() => String, { nullable: true })
  eventTypeId?: string;

  @Field(() => String, { nullable: true })
  attendeeEmail?: string;
}

const UID = { description: 'booking_…' };

@Resolver()
export class BookingResolver {
  private readonly bookings: BookingService;
  private readonly lifecycle: BookingLifecycleService;

  constructor(deps: CalendarDeps) {
    this.bookings = new BookingService(deps);
    this.lifecycle = new BookingLifecycleService(this.bookings);
  }

  @Authorized('calendar')
  @Query(() => BookingList, { description: 'Bookings by start time, earliest first (default 50, max 100)' })
  calendarBookings(@Args() args: BookingListArgs, @Ctx() ctx: SubgraphContext): Promise<BookingList> {
    return this.bookings.list(ctx.em, args);
  }

  @Authorized('calendar')
  @Query(() => BookingView)
  calendarBooking(@Arg('uid', () => ID, UID) uid: string, @Ctx() ctx: SubgraphContext): Promise<BookingView> {
    return this.bookings.get(ctx.em, uid);
  }

  @Authorized('calendar')
  @Mutation(() => BookingView, {
    description:
      'Body: eventTypeId, startTime (ISO 8601 with offset), attendee {name, email, timezone}, notes, responses, metadata, duration',
  })
  createCalendarBooking(
    @Arg('input', () => CreateBookingInput) input: CreateBookingInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BookingView> {
    return this.bookings.create(ctx.em, input);
  }

  @Authorized('calendar')
  @Mutation(() => BookingView, { description: 'Body: reason, cancelledBy (attendee or host), notifyHost' })
  cancelCalendarBooking(
    @Arg('uid', () => ID, UID) uid: string,
    @Arg('input', () => CancelBookingInput, { nullable: true }) input: CancelBookingInput | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BookingView> {
    return this.lifecycle.cancel(ctx.em, uid, input ?? {});
  }

  @Authorized('calendar')
  @Mutation(() => BookingView, { description: 'Body: startTime, reason, notifyAttendee (default true)' })
  rescheduleCalendarBooking(
    @Arg('uid', () => ID, UID) uid: string,
    @Arg('input', () => RescheduleBookingInput) input: RescheduleBookingInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BookingView> {
    return this.lifecycle.reschedule(ctx.em, uid, input);
  }

  @Authorized('calendar')
  @Mutation(() => BookingView, { description: 'PENDING → CONFIRMED' })
  confirmCalendarBooking(
    @Arg('uid', () => ID, UID) uid: string,
    @Arg('input', () => JSONObject, { nullable: true }) input: Record<string, unknown> | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BookingView> {
    return this.lifecycle.confirm(ctx.em, uid, input ?? {});
  }

  @Authorized('calendar')
  @Mutation(() => BookingView, { description: 'PENDING → REJECTED; body: reason' })
  rejectCalendarBooking(
    @Arg('uid', () => ID, UID) uid: string,
    @Arg('input', () => RejectBookingInput, { nullable: true }) input: RejectBookingInput | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BookingView> {
    return this.lifecycle.reject(ctx.em, uid, input ?? {});
  }
}
