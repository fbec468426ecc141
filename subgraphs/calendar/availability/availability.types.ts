import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('AvailabilitySlot')
export class AvailabilitySlotView {
  @Field({ description: "HH:mm in the viewer's zone" })
  startTime!: string;

  @Field({ description: "HH:mm in the viewer's zone" })
  endTime!: string;

  @Field({ description: "ISO 8601 with the viewer's offset: what to book (tells a repeated fall-back hour apart)" })
  start!: string;

  @Field({ description: "ISO 8601 with the viewer's offset" })
  end!: string;
}

@ObjectType('AvailabilityDay')
export class AvailabilityDayView {
  @Field({ description: "YYYY-MM-DD in the viewer's zone" })
  date!: string;

  @Field(() => [AvailabilitySlotView])
  slots!: AvailabilitySlotView[];
}

@ObjectType('CalendarAvailability')
export class CalendarAvailabilityView {
  @Field()
  eventTypeId!: string;

  @Field()
  hostId!: string;

  @Field({ description: "The viewer's zone the days and times are in" })
  timezone!: string;

  @Field(() => Int)
  duration!: number;

  @Field(() => [AvailabilityDayView])
  days!: AvailabilityDayView[];
}
