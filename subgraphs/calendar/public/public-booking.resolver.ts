import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { PUBLIC } from '../../../platform/auth/auth-checker.js';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { CalendarDeps } from '../calendar-deps.js';
import { BookingService } from '../bookings/booking.service.js';
import { PublicBookingService } from './public-booking.service.js';
import { PublicBookingLinkService } from './public-booking-link.service.js';
import { PublicBookingView, PublicEventTypeView, PublicSlotsView } from './public-booking.types.js';
import {
  BookingLinkSlotsArgs,
  PublicBookingInput,
  PublicCancelInput,
  PublicEventTypeArgs,
  PublicRescheduleInput,
  PublicSlotsArgs,
} from './public-booking.input.js';

/** The booking page's operations: no key; only public event types, addressed by organization and event type slug. */
@Resolver()
export class PublicBookingResolver {
  private readonly service: PublicBookingService;
  private readonly links: PublicBookingLinkService;

  constructor(deps: CalendarDeps) {
    const bookings = new BookingService(deps);
    this.service = new PublicBookingService(bookings);
    this.links = new PublicBookingLinkService(bookings);
  }

  @Authorized(PUBLIC)
  @Query(() => PublicEventTypeView, { description: 'A public event type as bookers see it' })
  publicCalendarEventType(
    @Args() args: PublicEventTypeArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PublicEventTypeView> {
    return this.service.eventType(ctx.em, args.organizationSlug, args.eventTypeSlug);
  }

  @Authorized(PUBLIC)
  @Query(() => PublicSlotsView, { description: "Free slots of a public event type per day, in the booker's zone" })
  publicCalendarSlots(@Args() args: PublicSlotsArgs, @Ctx() ctx: SubgraphContext): Promise<PublicSlotsView> {
    return this.service.slots(ctx.em, args.organizationSlug, args.eventTypeSlug, args);
  }

  @Authorized(PUBLIC)
  @Mutation(() => PublicBookingView, {
    description: 'Body: start, duration, timeZone, name, email; a taken slot is SLOT_UNAVAILABLE',
  })
  createPublicCalendarBooking(
    @Args() args: PublicEventTypeArgs,
    @Arg('input', () => PublicBookingInput) input: PublicBookingInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PublicBookingView> {
    return this.service.book(ctx.em, args.organizationSlug, args.eventTypeSlug, input);
  }

  @Authorized(PUBLIC)
  @Query(() => PublicBookingView, { description: 'The booking a signed email link names (the token of that link)' })
  publicCalendarBookingLink(
    @Arg('uid') uid: string,
    @Arg('token') token: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PublicBookingView> {
    return this.links.view(ctx.em, uid, token);
  }

  @Authorized(PUBLIC)
  @Mutation(() => PublicBookingView, {
    description: 'The attendee cancels through the signed link of their email; body: token, reason',
  })
  cancelPublicCalendarBooking(
    @Arg('uid') uid: string,
    @Arg('input', () => PublicCancelInput) input: PublicCancelInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PublicBookingView> {
    return this.links.cancel(ctx.em, uid, input.token, input.reason ?? null);
  }

  @Authorized(PUBLIC)
  @Query(() => PublicSlotsView, {
    description: 'The free slots a booking of a signed email link could move to, at its own length',
  })
  publicCalendarBookingLinkSlots(
    @Args() args: BookingLinkSlotsArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PublicSlotsView> {
    return this.links.slots(ctx.em, args.uid, args.token, args);
  }

  @Authorized(PUBLIC)
  @Mutation(() => PublicBookingView, {
    description: 'The attendee moves the booking through the signed link of their email; body: token, start, timeZone',
  })
  reschedulePublicCalendarBooking(
    @Arg('uid') uid: string,
    @Arg('input', () => PublicRescheduleInput) input: PublicRescheduleInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PublicBookingView> {
    return this.links.reschedule(ctx.em, uid, input.token, input.start, input.timeZone);
  }
}
