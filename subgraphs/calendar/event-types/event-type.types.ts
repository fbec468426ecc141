import { Field, ID, Int, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { BookingQuestionView } from './booking-question.types.js';

@ObjectType('CalendarLocation', { description: 'Where the meeting happens' })
export class LocationView {
  @Field({ description: 'VIDEO, LINK, PHONE or IN_PERSON' })
  type!: string;

  @Field(() => String, { nullable: true, description: 'LINK: the meeting URL' })
  url?: string | null;

  @Field(() => String, { nullable: true, description: 'PHONE: the number' })
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'IN_PERSON: the address' })
  address?: string | null;
}

/** The booking page inline (`iframe`) or behind a link that opens it in a popup (`script`), ready to paste. */
@ObjectType('CalendarBookingEmbed')
export class BookingEmbedView {
  @Field({ description: 'An <iframe> of the booking page' })
  iframe!: string;

  @Field({ description: 'A <script> that puts a link opening the booking page in a popup window' })
  script!: string;
}

@ObjectType('EventType', { description: 'A bookable kind of meeting; every length is in minutes' })
export class EventTypeView {
  @Field(() => ID)
  id!: string;

  @Field()
  hostId!: string;

  @Field(() => String, { nullable: true })
  hostName!: string | null;

  @Field(() => String, { nullable: true })
  hostEmail!: string | null;

  @Field()
  title!: string;

  @Field()
  slug!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => Int)
  duration!: number;

  @Field(() => [Int], { description: 'Lengths a booker may choose; empty: only duration' })
  durations!: number[];

  @Field(() => LocationView)
  location!: LocationView;

  @Field(() => String, { nullable: true, description: "Null: the host's default schedule" })
  scheduleId!: string | null;

  @Field(() => Int)
  bufferBefore!: number;

  @Field(() => Int)
  bufferAfter!: number;

  @Field(() => Int)
  minimumNotice!: number;

  @Field(() => Int, { nullable: true, description: 'Null: no limit' })
  maximumAdvance!: number | null;

  @Field()
  requiresConfirmation!: boolean;

  @Field(() => Int, { nullable: true, description: 'Bookings per local day of the schedule; null: no limit' })
  dailyLimit!: number | null;

  @Field(() => Int, { nullable: true, description: 'Step between start times; null: the duration' })
  slotInterval!: number | null;

  @Field()
  active!: boolean;

  @Field({ description: 'Bookable by anyone through the booking page' })
  public!: boolean;

  @Field(() => String, { nullable: true, description: 'The public booking page (absolute); null when not public' })
  bookingUrl!: string | null;

  @Field(() => BookingEmbedView, {
    nullable: true,
    description: 'Snippets that embed the booking page on another site; null when not public',
  })
  bookingEmbed!: BookingEmbedView | null;

  @Field(() => [Int], { description: 'Minutes before the start at which booking.reminder fires' })
  reminderOffsets!: number[];

  @Field(() => [BookingQuestionView], {
    description: 'Asked on booking, in this order; empty: responses are free-form',
  })
  bookingQuestions!: BookingQuestionView[];

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('EventTypeList')
export class EventTypeList extends OffsetList(EventTypeView) {}
