import {
  ArrayMaxSize,
  ArrayUnique,
  IsIn,
  IsOptional,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { invalid } from '../../../platform/errors/domain-error.js';
import { LOCATION_TYPES, type BookingQuestion, type EventLocation } from '../entities/event-type.entity.js';
import { IsEmailAddress } from '../../../platform/validation/email-address.js';
import { HOST_ID } from '../shared/input-checks.js';
import { SingleLine } from '../shared/input-rules.js';
import { BookingQuestionInput, bookingQuestionsOf, MAX_BOOKING_QUESTIONS } from './booking-question.input.js';

const DAY = 1440;
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

@InputType('CalendarEventLocationInput', {
  description: 'VIDEO; LINK with url; PHONE with phone; IN_PERSON with address',
})
export class LocationInput {
  @IsIn(LOCATION_TYPES, { message: LOCATION_TYPES.join(', ') })
  @Field(() => String, { description: 'VIDEO, LINK, PHONE or IN_PERSON' })
  type!: EventLocation['type'];

  @IsOptional()
  @MaxLength(2048)
  @Matches(/^https?:\/\/\S+$/, { message: 'an http(s) URL' })
  @Field(() => String, { nullable: true })
  url?: string | null;

  @IsOptional()
  @Matches(/^\+?[0-9 ()-]{3,31}$/, { message: 'a phone number' })
  @Field(() => String, { nullable: true })
  phone?: string | null;

  @IsOptional()
  @Length(1, 500)
  @Field(() => String, { nullable: true })
  address?: string | null;
}

/** Minutes everywhere. PATCH changes the keys given; null clears the nullable ones. */
@InputType('UpdateCalendarEventTypeInput')
export class UpdateEventTypeInput {
  @IsOptional()
  @MaxLength(200)
  @SingleLine()
  @Field(() => String, { nullable: true })
  hostName?: string | null;

  @IsOptional()
  @MaxLength(320)
  @IsEmailAddress()
  @Field(() => String, { nullable: true })
  hostEmail?: string | null;

  @IsOptional()
  @MaxLength(200)
  @SingleLine()
  @Field(() => String, { nullable: true })
  title?: string | null;

  @IsOptional()
  @MaxLength(100)
  @Matches(SLUG, { message: 'lower-case letters, digits and single dashes' })
  @Field(() => String, { nullable: true, description: 'Default: from the title' })
  slug?: string | null;

  @IsOptional()
  @MaxLength(5000)
  @Field(() => String, { nullable: true })
  description?: string | null;

  @IsOptional()
  @Min(1, { message: 'an integer from 1 to 1440' })
  @Max(DAY, { message: 'an integer from 1 to 1440' })
  @Field(() => Int, { nullable: true, description: 'The default length' })
  duration?: number | null;

  @IsOptional()
  @ArrayMaxSize(10)
  @ArrayUnique({ message: 'distinct values' })
  @Min(1, { each: true, message: 'integers from 1 to 1440' })
  @Max(DAY, { each: true, message: 'integers from 1 to 1440' })
  @Field(() => [Int], { nullable: true, description: 'Lengths offered; must include duration' })
  durations?: number[] | null;

  @IsOptional()
  @ValidateNested()
  @Field(() => LocationInput, { nullable: true })
  location?: LocationInput | null;

  @IsOptional()
  @MaxLength(100)
  @Field(() => String, { nullable: true, description: "Default: the host's default schedule" })
  scheduleId?: string | null;

  @IsOptional()
  @Min(0)
  @Max(DAY)
  @Field(() => Int, { nullable: true })
  bufferBefore?: number | null;

  @IsOptional()
  @Min(0)
  @Max(DAY)
  @Field(() => Int, { nullable: true })
  bufferAfter?: number | null;

  @IsOptional()
  @Min(0)
  @Max(365 * DAY)
  @Field(() => Int, { nullable: true })
  minimumNotice?: number | null;

  @IsOptional()
  @Min(1)
  @Max(2 * 365 * DAY)
  @Field(() => Int, { nullable: true })
  maximumAdvance?: number | null;

  @Field(() => Boolean, { nullable: true })
  requiresConfirmation?: boolean | null;

  @IsOptional()
  @Min(1)
  @Max(1000)
  @Field(() => Int, { nullable: true })
  dailyLimit?: number | null;

  @IsOptional()
  @Min(5)
  @Max(DAY)
  @Field(() => Int, { nullable: true })
  slotInterval?: number | null;

  @Field(() => Boolean, { nullable: true })
  active?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Bookable through the public booking page; the slug must then be unique in the organization',
  })
  public?: boolean | null;

  @IsOptional()
  @ArrayMaxSize(5)
  @ArrayUnique({ message: 'distinct values' })
  @Min(1, { each: true, message: `integers from 1 to ${30 * DAY}` })
  @Max(30 * DAY, { each: true, message: `integers from 1 to ${30 * DAY}` })
  @Field(() => [Int], { nullable: true, description: 'Minutes before the start; at most 5' })
  reminderOffsets?: number[] | null;

  @IsOptional()
  @ArrayMaxSize(MAX_BOOKING_QUESTIONS, { message: `at most ${MAX_BOOKING_QUESTIONS} questions` })
  @ValidateNested()
  @Field(() => [BookingQuestionInput], {
    nullable: true,
    description: `Asked on booking, in this order (at most ${MAX_BOOKING_QUESTIONS}); [] removes them`,
  })
  bookingQuestions?: BookingQuestionInput[] | null;
}

@InputType('CreateCalendarEventTypeInput')
export class CreateEventTypeInput extends UpdateEventTypeInput {
  @MaxLength(120)
  @Matches(HOST_ID, { message: 'an auth user id (user_…)' })
  @Field({ description: 'The auth user who is booked' })
  hostId!: string;

  @Length(1, 200)
  @Field()
  override title!: string;

  @Field(() => Int)
  override duration!: number;
}

export interface EventTypeDraft {
  hostId?: string;
  hostName?: string | null;
  hostEmail?: string | null;
  title?: string;
  slug?: string;
  description?: string | null;
  duration?: number;
  durations?: number[];
  location?: EventLocation;
  scheduleId?: string | null;
  bufferBefore?: number;
  bufferAfter?: number;
  minimumNotice?: number;
  maximumAdvance?: number | null;
  requiresConfirmation?: boolean;
  dailyLimit?: number | null;
  slotInterval?: number | null;
  active?: boolean;
  public?: boolean;
  reminderOffsets?: number[];
  bookingQuestions?: BookingQuestion[];
}

/** Fields whose null clears the value; a null elsewhere means "not given". */
const CLEARABLE = new Set([
  'hostName',
  'hostEmail',
  'description',
  'scheduleId',
  'maximumAdvance',
  'dailyLimit',
  'slotInterval',
]);

/** The keys given, lists sorted, the location checked against its type. */
export function eventTypeDraft(input: UpdateEventTypeInput & { hostId?: string }): EventTypeDraft {
  const draft: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || (value === null && !CLEARABLE.has(key))) continue;
    draft[key] = value;
  }
  if (input.durations) draft.durations = [...input.durations].sort((a, b) => a - b);
  if (input.reminderOffsets) draft.reminderOffsets = [...input.reminderOffsets].sort((a, b) => a - b);
  if (input.location) draft.location = locationOf(input.location);
  if (input.bookingQuestions) draft.bookingQuestions = bookingQuestionsOf(input.bookingQuestions);
  return draft as EventTypeDraft;
}

/** Cross-field rule: a location carries the one detail its type needs, and no other. */
function locationOf(input: LocationInput): EventLocation {
  const needs = ({ LINK: 'url', PHONE: 'phone', IN_PERSON: 'address', VIDEO: null } as const)[input.type];
  const location: EventLocation = { type: input.type };
  if (needs) {
    if (input[needs] == null)
      throw invalid(
        `location.${needs}`,
        null,
        `${needs} for a ${input.type} location`,
        `location.${needs} is required`,
      );
    location[needs] = input[needs]!;
  }
  const extra = (['url', 'phone', 'address'] as const).find((k) => k !== needs && input[k] != null);
  if (extra) throw invalid(`location.${extra}`, input[extra], `nothing for a ${input.type} location`);
  return location;
}

/** The merged result must still hold together: the default duration is one of the offered lengths. */
export function assertConsistent(duration: number, durations: number[]): void {
  if (durations.length > 0 && !durations.includes(duration))
    throw invalid(
      'durations',
      durations,
      `a list containing duration (${duration})`,
      'durations must include duration',
    );
}
