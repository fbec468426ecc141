import {
  ArrayMaxSize,
  IsIn,
  IsOptional,
  Matches,
  MaxLength,
  MinLength,
  NotEquals,
  ValidateNested,
} from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { invalid } from '../../../platform/errors/domain-error.js';
import { WEEKDAYS, type WeeklyRule } from '../availability/schedule-rules.js';
import { HOST_ID, TIME } from '../shared/input-checks.js';
import { IsAfterField, IsCalendarDate, SingleLine } from '../shared/input-rules.js';

/** Monday to Friday, 09:00–17:00: what a schedule created without hours gets (Cal.com's default too). */
export const DEFAULT_HOURS: WeeklyRule[] = WEEKDAYS.slice(0, 5).map((day) => ({
  day,
  startTime: '09:00',
  endTime: '17:00',
}));

/** HH:mm from 00:00 to 23:59 (a start), or up to 24:00 (an end). */
const StartTime = () => [Matches(TIME, { message: 'HH:mm' }), NotEquals('24:00', { message: '00:00 to 23:59' })];
const EndTime = () => Matches(TIME, { message: 'HH:mm (24:00 for the end of the day)' });
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

@InputType('CalendarWeeklyRuleInput', { description: 'Open hours on one weekday' })
export class WeeklyRuleInput {
  @IsIn(WEEKDAYS, { message: WEEKDAYS.join(', ') })
  @Field(() => String, { description: 'MONDAY … SUNDAY' })
  day!: WeeklyRule['day'];

  @apply(StartTime())
  @Field({ description: 'HH:mm' })
  startTime!: string;

  @EndTime()
  @IsAfterField('startTime')
  @Field({ description: 'HH:mm, after startTime; 24:00 for the end of the day' })
  endTime!: string;
}

@InputType('UpdateCalendarScheduleInput', { description: 'The keys given change; hostId is fixed' })
export class UpdateScheduleInput {
  @IsOptional()
  @MaxLength(200)
  @SingleLine()
  @Field(() => String, { nullable: true })
  name?: string | null;

  @IsOptional()
  @MaxLength(64)
  @Field(() => String, { nullable: true, description: 'IANA time zone, e.g. Europe/Berlin' })
  timezone?: string | null;

  @Field(() => Boolean, { nullable: true, description: "Takes the default from the host's current default schedule" })
  isDefault?: boolean | null;

  @IsOptional()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Field(() => [WeeklyRuleInput], {
    nullable: true,
    description: 'Replaces the weekly hours (default: Monday to Friday, 09:00–17:00)',
  })
  availability?: WeeklyRuleInput[] | null;
}

@InputType('CreateCalendarScheduleInput')
export class CreateScheduleInput extends UpdateScheduleInput {
  @MaxLength(120)
  @Matches(HOST_ID, { message: 'an auth user id (user_…)' })
  @Field({ description: 'The auth user whose hours these are' })
  hostId!: string;

  @MinLength(1)
  @Field()
  override name!: string;

  @Field()
  override timezone!: string;
}

@InputType('CalendarScheduleOverrideInput', {
  description: 'A date blocked (isAvailable false) or opened with its own hours',
})
export class OverrideInput {
  @IsCalendarDate()
  @Field({ description: 'YYYY-MM-DD' })
  date!: string;

  @Field()
  isAvailable!: boolean;

  @IsOptional()
  @MaxLength(500)
  @Field(() => String, { nullable: true })
  reason?: string | null;

  @IsOptional()
  @apply(StartTime())
  @Field(() => String, { nullable: true, description: 'HH:mm; only when isAvailable' })
  startTime?: string | null;

  @IsOptional()
  @EndTime()
  @IsAfterField('startTime')
  @Field(() => String, { nullable: true, description: 'HH:mm; only when isAvailable' })
  endTime?: string | null;
}

export type ScheduleDraft = Partial<Pick<CreateScheduleInput, 'hostId' | 'name' | 'timezone' | 'isDefault'>> & {
  availability?: WeeklyRule[];
};

/** The keys given, nulls dropped (none of these can be cleared). */
export function scheduleDraft(input: UpdateScheduleInput & { hostId?: string }): ScheduleDraft {
  const draft = {
    hostId: input.hostId,
    name: input.name,
    timezone: input.timezone,
    isDefault: input.isDefault,
    availability: input.availability?.map(({ day, startTime, endTime }) => ({ day, startTime, endTime })),
  };
  return Object.fromEntries(Object.entries(draft).filter(([, v]) => v != null)) as ScheduleDraft;
}

export interface OverrideDraft {
  date: string;
  isAvailable: boolean;
  startTime: string | null;
  endTime: string | null;
  reason: string | null;
}

/** Cross-field rule: an open date needs its hours, a blocked one has none. */
export function overrideDraft(input: OverrideInput): OverrideDraft {
  const { date, isAvailable, startTime, endTime } = input;
  const reason = input.reason ?? null;
  if (!isAvailable) {
    const given = startTime != null ? 'startTime' : endTime != null ? 'endTime' : null;
    if (given) throw invalid(given, input[given], 'nothing when isAvailable is false', 'A blocked date has no hours');
    return { date, isAvailable, startTime: null, endTime: null, reason };
  }
  if (startTime == null) throw invalid('startTime', null, 'HH:mm', 'startTime is required');
  if (endTime == null) throw invalid('endTime', null, 'HH:mm (24:00 for the end of the day)', 'endTime is required');
  return { date, isAvailable, startTime, endTime, reason };
}
