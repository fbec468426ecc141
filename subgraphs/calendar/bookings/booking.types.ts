import { Field, ID, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { LocationView } from '../event-types/event-type.types.js';
import { UserStub } from '../federation/user.stub.js';

@ObjectType('BookingAttendee')
export class AttendeeView {
  @Field()
  name!: string;

  @Field()
  email!: string;

  @Field({ description: 'IANA zone of the attendee' })
  timezone!: string;
}

@ObjectType('BookingHost', {
  description: 'The host as the event type names them (calendar keeps its own copy of name and email)',
})
export class BookingHostView {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;
}

@ObjectType('Booking')
export class BookingView {
  @Field(() => ID, { description: 'booking_…' })
  uid!: string;

  @Field()
  eventTypeId!: string;

  @Field()
  title!: string;

  @Field({ description: 'PENDING, CONFIRMED, CANCELLED or REJECTED' })
  status!: string;

  @Field({ description: 'ISO 8601 UTC' })
  startTime!: Date;

  @Field({ description: 'ISO 8601 UTC: startTime + duration' })
  endTime!: Date;

  @Field(() => AttendeeView)
  attendee!: AttendeeView;

  @Field(() => UserStub, {
    nullable: true,
    description:
      "The auth module's user; null (with an error) when it cannot be resolved (deleted, or the key lacks the auth scope), so one host never empties a whole list",
  })
  host!: UserStub;

  @Field(() => BookingHostView, { description: 'Host id, name and email as the booking result of the spec shows them' })
  hostProfile!: BookingHostView;

  @Field(() => LocationView)
  location!: LocationView;

  @Field(() => String, { nullable: true })
  meetingUrl!: string | null;

  @Field()
  rescheduleUrl!: string;

  @Field()
  cancelUrl!: string;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => JSONObject)
  responses!: Record<string, unknown>;

  @Field(() => JSONObject)
  metadata!: Record<string, unknown>;

  @Field(() => String, { nullable: true })
  cancellationReason!: string | null;

  @Field(() => String, { nullable: true })
  cancelledBy!: string | null;

  @Field(() => String, { nullable: true })
  rejectionReason!: string | null;

  @Field(() => String, { nullable: true })
  rescheduleReason!: string | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('BookingList')
export class BookingList extends OffsetList(BookingView) {}
