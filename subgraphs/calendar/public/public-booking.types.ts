import { Field, Int, ObjectType } from 'type-graphql';
import { JSON } from '../../../platform/graphql/scalars.js';
import { AvailabilityDayView } from '../availability/availability.types.js';
import { BookingQuestionView } from '../event-types/booking-question.types.js';

/** What anyone may read of a public event type: nothing of the host's other types, bookings or contact details. */
@ObjectType('PublicCalendarEventType')
export class PublicEventTypeView {
  @Field()
  organizationSlug!: string;

  @Field()
  slug!: string;

  @Field()
  title!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => Int, { description: 'Default length, minutes' })
  duration!: number;

  @Field(() => [Int], { description: 'Lengths the booker may pick (always holds duration)' })
  durations!: number[];

  @Field({ description: 'VIDEO, LINK, PHONE or IN_PERSON' })
  locationType!: string;

  @Field(() => String, {
    nullable: true,
    description: "IANA zone of the host's schedule; null while the host has none",
  })
  timeZone!: string | null;

  @Field({ description: 'A booking waits for the host to confirm it' })
  requiresConfirmation!: boolean;

  @Field(() => [BookingQuestionView], { description: 'What the booking form asks, in order; answers go in responses' })
  bookingQuestions!: BookingQuestionView[];
}

@ObjectType('PublicCalendarSlots')
export class PublicSlotsView {
  @Field({ description: "The booker's zone the days and times are in" })
  timeZone!: string;

  @Field(() => Int)
  duration!: number;

  @Field(() => [AvailabilityDayView])
  days!: AvailabilityDayView[];
}

/** The booker's own booking, as the confirmation shows it. */
@ObjectType('PublicCalendarBooking')
export class PublicBookingView {
  @Field()
  uid!: string;

  @Field({ description: 'CONFIRMED, or PENDING when the host confirms bookings' })
  status!: string;

  @Field()
  title!: string;

  @Field()
  startTime!: Date;

  @Field()
  endTime!: Date;

  @Field()
  timeZone!: string;

  @Field()
  name!: string;

  @Field()
  email!: string;

  @Field()
  locationType!: string;

  @Field(() => String, { nullable: true, description: 'Where to join (VIDEO and LINK)' })
  meetingUrl!: string | null;

  @Field(() => JSON, { description: "The booker's answers to the booking questions" })
  responses!: Record<string, unknown>;

  @Field(() => String, {
    nullable: true,
    description: 'The invite (iCalendar) of a confirmed booking; null while PENDING',
  })
  ics!: string | null;
}
