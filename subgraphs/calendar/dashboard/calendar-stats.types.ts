import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType('CalendarBookingsPerDay')
export class BookingsPerDayView {
  @Field({ description: 'YYYY-MM-DD of the start, in the asked zone' })
  date!: string;

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  confirmed!: number;

  @Field(() => Int)
  pending!: number;

  @Field(() => Int)
  cancelled!: number;

  @Field(() => Int)
  rejected!: number;
}

@ObjectType('CalendarCancellationRate')
export class CancellationRateView {
  @Field(() => Int, { description: 'Bookings starting in the range' })
  total!: number;

  @Field(() => Int)
  cancelled!: number;

  @Field(() => Int)
  rejected!: number;

  @Field(() => Float, { description: 'cancelled / total (0 when there is none)' })
  cancellationRate!: number;
}

@ObjectType('CalendarBusySlot')
export class BusySlotView {
  @Field({ description: 'MONDAY … SUNDAY in the asked zone' })
  day!: string;

  @Field({ description: 'HH:mm start in the asked zone' })
  time!: string;

  @Field(() => Int, { description: 'Active (PENDING or CONFIRMED) bookings starting then' })
  count!: number;
}
