import { ArgsType, Field, Float, Int, ObjectType } from 'type-graphql';
import { IsIn, IsOptional, MaxLength } from 'class-validator';

@ArgsType()
export class AnalyticsArgs {
  @Field(() => String, { nullable: true, description: 'ISO 8601 date or date-time; default 30 days before endDate' })
  @IsOptional()
  @MaxLength(40)
  startDate?: string;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 8601 date (inclusive, whole UTC day) or date-time; default now',
  })
  @IsOptional()
  @MaxLength(40)
  endDate?: string;

  @Field(() => String, { nullable: true, description: 'Only this inbox' })
  @IsOptional()
  @MaxLength(100)
  inboxId?: string;
}

@ArgsType()
export class ResponseTimeArgs extends AnalyticsArgs {
  @Field(() => String, { nullable: true, description: 'first_response (default) or reply_time' })
  @IsOptional()
  @IsIn(['first_response', 'reply_time'])
  metric?: string;

  @Field(() => Boolean, { nullable: true, description: 'Count only the inbox working hours' })
  businessHours?: boolean;
}

@ObjectType('SupportMetricTimes', { description: 'Averages in seconds; null when nothing was measured' })
export class MetricTimes {
  @Field(() => Float, { nullable: true })
  avgFirstResponseTime!: number | null;

  @Field(() => Float, { nullable: true })
  avgResolutionTime!: number | null;

  @Field(() => Float, { nullable: true })
  avgReplyTime!: number | null;
}

@ObjectType('SupportAnalyticsOverview')
export class AnalyticsOverview extends MetricTimes {
  @Field()
  startDate!: Date;

  @Field()
  endDate!: Date;

  @Field(() => Int, { description: 'Conversations created in the range' })
  conversations!: number;

  @Field(() => Int, { description: 'Visitor messages' })
  incomingMessages!: number;

  @Field(() => Int, { description: 'Replies (notes excluded)' })
  outgoingMessages!: number;

  @Field(() => Int)
  resolutions!: number;

  @Field(() => MetricTimes, { description: "The same averages counting only the inboxes' working hours" })
  businessHours!: MetricTimes;
}

@ObjectType('SupportConversationsDay')
export class ConversationsDay {
  @Field({ description: 'YYYY-MM-DD (UTC) of creation' })
  date!: string;

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
}

@ObjectType('SupportConversationsReport')
export class ConversationsReport {
  @Field()
  startDate!: Date;

  @Field()
  endDate!: Date;

  @Field(() => [ConversationsDay], { description: 'Every day of the range, by current status' })
  days!: ConversationsDay[];
}

@ObjectType('SupportAgentReport')
export class AgentReport extends MetricTimes {
  @Field({ description: 'user_…' })
  userId!: string;

  @Field(() => Int)
  firstResponses!: number;

  @Field(() => Int, { description: 'Replies to a waiting visitor after the first response' })
  replies!: number;

  @Field(() => Int)
  outgoingMessages!: number;

  @Field(() => Int, { description: 'Conversations resolved while assigned to the agent' })
  resolutions!: number;

  @Field(() => MetricTimes)
  businessHours!: MetricTimes;
}

@ObjectType('SupportTeamReport')
export class TeamReport {
  @Field()
  startDate!: Date;

  @Field()
  endDate!: Date;

  @Field(() => [AgentReport])
  agents!: AgentReport[];
}

@ObjectType('SupportHistogramBucket')
export class HistogramBucket {
  @Field()
  label!: string;

  @Field(() => Int, { description: 'Seconds, inclusive' })
  fromSeconds!: number;

  @Field(() => Int, { nullable: true, description: 'Seconds, exclusive; null: no upper bound' })
  toSeconds!: number | null;

  @Field(() => Int)
  count!: number;
}

@ObjectType('SupportResponseTimeReport')
export class ResponseTimeReport {
  @Field()
  startDate!: Date;

  @Field()
  endDate!: Date;

  @Field()
  metric!: string;

  @Field()
  businessHours!: boolean;

  @Field(() => Int)
  count!: number;

  @Field(() => Float, { nullable: true })
  average!: number | null;

  @Field(() => Float, { nullable: true, description: 'Median (linear interpolation)' })
  p50!: number | null;

  @Field(() => Float, { nullable: true })
  p90!: number | null;

  @Field(() => [HistogramBucket])
  histogram!: HistogramBucket[];
}
