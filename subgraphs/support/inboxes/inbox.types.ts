import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import {
  ArrayMaxSize,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsEmailAddress } from '../../../platform/validation/email-address.js';
import { AVAILABILITY, MEMBER_ROLES } from '../entities/inbox-member.entity.js';
import { REPLY_TIMES } from '../entities/inbox.entity.js';
import { SupportPagedList } from '../shared/support-page.js';

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const HH_MM = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

@ObjectType('SupportWorkingRange')
@InputType('SupportWorkingRangeInput')
export class WorkingRange {
  @Field({ description: 'MONDAY … SUNDAY' })
  @IsIn(WEEKDAYS)
  day!: string;

  @Field({ description: 'HH:mm' })
  @Matches(HH_MM, { message: 'HH:mm' })
  startTime!: string;

  @Field({ description: 'HH:mm; 24:00 ends the day' })
  @Matches(HH_MM, { message: 'HH:mm' })
  endTime!: string;
}

@ObjectType('SupportWorkingHours', {
  description: 'Business hours: metric times are also reported counting only these',
})
@InputType('SupportWorkingHoursInput')
export class WorkingHoursShape {
  @Field({ description: 'IANA zone, e.g. Europe/Berlin' })
  @Length(1, 64)
  timezone!: string;

  @Field(() => [WorkingRange])
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  hours!: WorkingRange[];
}

@ObjectType('SupportInbox')
export class InboxView {
  @Field(() => ID, { description: 'inbox_…' })
  id!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'Mail to this address becomes conversations of the inbox' })
  email!: string | null;

  @Field({ description: 'Public token of the web widget (X-Widget-Token)' })
  widgetToken!: string;

  @Field(() => WorkingHoursShape, { nullable: true })
  workingHours!: WorkingHoursShape | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Origins the widget may run on (https://shop.example); null: any',
  })
  allowedOrigins!: string[] | null;

  @Field({ description: "The widget asks for the visitor's email before the first message" })
  preChatEmail!: boolean;

  @Field({
    description: 'Announced by the widget when nobody is available: in_a_few_minutes, in_a_few_hours, in_a_day',
  })
  replyTime!: string;

  @Field({ description: 'An identity verification secret exists: widget identities signed with it are verified' })
  identityVerification!: boolean;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('SupportInboxList')
export class InboxList extends SupportPagedList(InboxView) {}

@InputType('SupportInboxCreateInput')
export class InboxCreateInput {
  @Field()
  @Length(1, 200)
  name!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000)
  description?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsEmailAddress()
  @MaxLength(254)
  email?: string | null;

  @Field(() => WorkingHoursShape, { nullable: true })
  @IsOptional()
  @ValidateNested()
  workingHours?: WorkingHoursShape | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Origins the widget may run on, scheme://host[:port]; null or empty: any',
  })
  @IsOptional()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(300, { each: true })
  allowedOrigins?: string[] | null;

  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  @IsBoolean()
  preChatEmail?: boolean | null;

  @Field(() => String, { nullable: true, description: 'in_a_few_minutes, in_a_few_hours (default), in_a_day' })
  @IsOptional()
  @IsIn(REPLY_TIMES)
  replyTime?: string | null;
}

@InputType('SupportInboxUpdateInput', {
  description: 'Only the fields given change; null clears description, email, workingHours',
})
export class InboxUpdateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 200)
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000)
  description?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsEmailAddress()
  @MaxLength(254)
  email?: string | null;

  @Field(() => WorkingHoursShape, { nullable: true })
  @IsOptional()
  @ValidateNested()
  workingHours?: WorkingHoursShape | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Origins the widget may run on, scheme://host[:port]; null or empty: any',
  })
  @IsOptional()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(300, { each: true })
  allowedOrigins?: string[] | null;

  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  @IsBoolean()
  preChatEmail?: boolean | null;

  @Field(() => String, { nullable: true, description: 'in_a_few_minutes, in_a_few_hours (default), in_a_day' })
  @IsOptional()
  @IsIn(REPLY_TIMES)
  replyTime?: string | null;
}

@ObjectType('SupportInboxIdentitySecret', { description: 'Shown once: the host page signs visitor identities with it' })
export class IdentitySecretView {
  @Field()
  inboxId!: string;

  @Field({ description: "userHash = hex HMAC-SHA256 of the visitor's lower-cased email with this secret" })
  secret!: string;
}

@ObjectType('SupportInboxMember')
export class MemberView {
  @Field(() => ID, { description: 'The auth user, user_…' })
  userId!: string;

  @Field()
  inboxId!: string;

  @Field({ description: 'agent or admin' })
  role!: string;

  @Field({ description: 'Availability: available, busy or offline' })
  status!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => Date, { nullable: true, description: 'Last round-robin assignment' })
  lastAssignedAt!: Date | null;

  @Field()
  createdAt!: Date;
}

@ObjectType('SupportInboxMemberList')
export class SupportInboxMemberList extends SupportPagedList(MemberView) {}

@InputType('SupportInboxMemberInput')
export class MemberInput {
  @Field({ description: 'An auth user id, user_…' })
  @Matches(/^user_[A-Za-z0-9_-]{1,64}$/, { message: 'an auth user id (user_…)' })
  userId!: string;

  @Field(() => String, { nullable: true, description: 'agent (default) or admin' })
  @IsOptional()
  @IsIn(MEMBER_ROLES)
  role?: string | null;

  @Field(() => String, { nullable: true, description: 'Shown to visitors ({{agent.name}})' })
  @IsOptional()
  @Length(1, 200)
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsEmailAddress()
  email?: string | null;
}

@InputType('SupportAvailabilityInput')
export class AvailabilityInput {
  @Field({ description: 'available, busy or offline' })
  @IsIn(AVAILABILITY)
  status!: string;
}

@ObjectType('SupportInboxStats')
export class InboxStats {
  @Field()
  inboxId!: string;

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  open!: number;

  @Field(() => Int)
  pending!: number;

  @Field(() => Int)
  snoozed!: number;

  @Field(() => Int)
  resolved!: number;

  @Field(() => Int)
  closed!: number;

  @Field(() => Int, { description: 'Open or pending conversations without an assignee' })
  unassigned!: number;

  @Field(() => Int)
  members!: number;

  @Field(() => Int)
  membersAvailable!: number;
}
