import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { IsOptional, Length, Max, MaxLength, Min } from 'class-validator';
import { IsEmailAddress } from '../../../platform/validation/email-address.js';
import { JSON } from '../../../platform/graphql/scalars.js';
import { IsInstant, IsSmallObject, SingleLine } from '../shared/input-rules.js';

/** POST /calendar/public/{org}/{slug}/bookings. */
@InputType('PublicCalendarBookingInput')
export class PublicBookingInput {
  @IsInstant()
  @Field({ description: "A slot's `start`: ISO 8601 with a UTC offset" })
  start!: string;

  @IsOptional()
  @Min(1)
  @Max(1440)
  @Field(() => Int, {
    nullable: true,
    description: "Minutes; one of the event type's durations (default its duration)",
  })
  duration?: number | null;

  @MaxLength(64)
  @Field({ description: "The booker's IANA time zone" })
  timeZone!: string;

  @Length(1, 200)
  @SingleLine()
  @Field()
  name!: string;

  @MaxLength(320)
  @IsEmailAddress()
  @Field()
  email!: string;

  @IsOptional()
  @IsSmallObject()
  @Field(() => JSON, {
    nullable: true,
    description: "Answers to the event type's booking questions, by question name; at most 16 KiB",
  })
  responses?: Record<string, unknown> | null;
}

/** POST /calendar/booking-links/{uid}/cancel: the token of the email's link, and why. */
@InputType('PublicCalendarCancelInput')
export class PublicCancelInput {
  @Length(1, 100)
  @Field({ description: "The token of the link in the attendee's email" })
  token!: string;

  @IsOptional()
  @MaxLength(1000)
  @Field(() => String, { nullable: true })
  reason?: string | null;
}

/** POST /calendar/booking-links/{uid}/reschedule: the token of the email's link, the new start and the zone it was picked in. */
@InputType('PublicCalendarRescheduleInput')
export class PublicRescheduleInput {
  @Length(1, 100)
  @Field({ description: "The token of the link in the attendee's email" })
  token!: string;

  @IsInstant()
  @Field({ description: "The new start, ISO 8601 with a UTC offset (a slot's start)" })
  start!: string;

  @Length(1, 64)
  @Field({ description: 'IANA zone of the attendee; their emails say the time in it' })
  timeZone!: string;
}

@ArgsType()
export class PublicEventTypeArgs {
  @Field({ description: "The organization's slug" })
  organizationSlug!: string;

  @Field({ description: "The public event type's slug" })
  eventTypeSlug!: string;
}

@ArgsType()
export class SlotRangeArgs {
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD in timeZone; default today' })
  from?: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, inclusive; default from + 6 days; at most 62 days' })
  to?: string;

  @Field(() => String, { nullable: true, description: "IANA zone of the booker; default the host's" })
  timeZone?: string;
}

@ArgsType()
export class PublicSlotsArgs extends SlotRangeArgs {
  @Field({ description: "The organization's slug" })
  organizationSlug!: string;

  @Field({ description: "The public event type's slug" })
  eventTypeSlug!: string;

  @Field(() => Int, { nullable: true, description: "One of the event type's durations" })
  duration?: number;
}

@ArgsType()
export class BookingLinkSlotsArgs extends SlotRangeArgs {
  @Field()
  uid!: string;

  @Field({ description: "The token of the link in the attendee's email" })
  token!: string;
}
