import { Field, ID, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';

@ObjectType('CalendarAvailabilityRule', { description: "A weekly working range in the schedule's zone" })
export class AvailabilityRuleView {
  @Field({ description: 'MONDAY … SUNDAY' })
  day!: string;

  @Field({ description: 'HH:mm' })
  startTime!: string;

  @Field({ description: 'HH:mm; 24:00 is the end of the day' })
  endTime!: string;
}

@ObjectType('ScheduleOverride', { description: "Replaces one date's weekly hours; isAvailable false blocks the date" })
export class OverrideView {
  @Field(() => ID)
  id!: string;

  @Field()
  scheduleId!: string;

  @Field({ description: "YYYY-MM-DD in the schedule's zone" })
  date!: string;

  @Field()
  isAvailable!: boolean;

  @Field(() => String, { nullable: true })
  startTime!: string | null;

  @Field(() => String, { nullable: true })
  endTime!: string | null;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field()
  createdAt!: Date;
}

@ObjectType('Schedule')
export class ScheduleView {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'Auth user id of the host' })
  hostId!: string;

  @Field()
  name!: string;

  @Field({ description: 'IANA zone the hours are in' })
  timezone!: string;

  @Field()
  isDefault!: boolean;

  @Field(() => [AvailabilityRuleView])
  availability!: AvailabilityRuleView[];

  @Field(() => [OverrideView])
  overrides!: OverrideView[];

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('ScheduleList')
export class ScheduleList extends OffsetList(ScheduleView) {}

@ObjectType('CalendarDeleted')
export class DeletedView {
  @Field(() => ID)
  id!: string;

  @Field()
  deleted!: boolean;
}
