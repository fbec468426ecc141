import { IsIn, IsOptional, Length, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { JSON } from '../../../platform/graphql/scalars.js';
import { IsEmailAddress } from '../../../platform/validation/email-address.js';
import { IsInstant, IsSmallObject, SingleLine } from '../shared/input-rules.js';

@InputType('CalendarAttendeeInput')
export class AttendeeInput {
  @Length(1, 200)
  @SingleLine()
  @Field()
  name!: string;

  @MaxLength(320)
  @IsEmailAddress()
  @Field()
  email!: string;

  @MaxLength(64)
  @Field({ description: 'IANA time zone, e.g. Europe/Berlin' })
  timezone!: string;
}

/** Booking input, plus `duration` for multi-duration event types. */
@InputType('CreateCalendarBookingInput')
export class CreateBookingInput {
  @Length(1, 100)
  @Field()
  eventTypeId!: string;

  @IsInstant()
  @Field({ description: 'ISO 8601 with a UTC offset, e.g. 2030-01-07T10:00:00+01:00' })
  startTime!: string;

  @IsOptional()
  @Min(1)
  @Max(1440)
  @Field(() => Int, { nullable: true, description: "Minutes; one of the event type's durations" })
  duration?: number | null;

  @ValidateNested()
  @Field(() => AttendeeInput)
  attendee!: AttendeeInput;

  @IsOptional()
  @MaxLength(5000)
  @Field(() => String, { nullable: true })
  notes?: string | null;

  @IsOptional()
  @IsSmallObject()
  @Field(() => JSON, {
    nullable: true,
    description:
      "Answers to the event type's booking questions, by question name (checked against them when it has any); at most 16 KiB",
  })
  responses?: Record<string, unknown> | null;

  @IsOptional()
  @IsSmallObject()
  @Field(() => JSON, { nullable: true, description: 'At most 16 KiB' })
  metadata?: Record<string, unknown> | null;
}

@InputType('CancelCalendarBookingInput')
export class CancelBookingInput {
  @IsOptional()
  @MaxLength(1000)
  @Field(() => String, { nullable: true })
  reason?: string | null;

  @IsOptional()
  @IsIn(['attendee', 'host'], { message: 'attendee or host' })
  @Field(() => String, { nullable: true, description: 'attendee or host (default)' })
  cancelledBy?: 'attendee' | 'host' | null;

  @Field(() => Boolean, { nullable: true })
  notifyHost?: boolean | null;
}

@InputType('RescheduleCalendarBookingInput')
export class RescheduleBookingInput {
  @IsInstant()
  @Field({ description: 'ISO 8601 with a UTC offset' })
  startTime!: string;

  @IsOptional()
  @MaxLength(1000)
  @Field(() => String, { nullable: true })
  reason?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Default true' })
  notifyAttendee?: boolean | null;
}

@InputType('RejectCalendarBookingInput')
export class RejectBookingInput {
  @IsOptional()
  @MaxLength(1000)
  @Field(() => String, { nullable: true })
  reason?: string | null;
}
