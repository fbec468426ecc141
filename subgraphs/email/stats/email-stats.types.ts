import { Field, Int, ObjectType } from 'type-graphql';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { EmailStatus } from '../entities/email-status.js';

/** Messages created on one UTC day. The five status counts are current statuses and add up to total. */
@ObjectType()
export class EmailDailyStats {
  @Field({ description: 'UTC day, YYYY-MM-DD' })
  date!: string;

  @Field(() => Int, { description: 'Messages created that day' })
  total!: number;

  @Field(() => Int)
  queued!: number;

  @Field(() => Int, { description: 'Accepted by the relay, no final verdict yet' })
  sent!: number;

  @Field(() => Int)
  delivered!: number;

  @Field(() => Int)
  bounced!: number;

  @Field(() => Int)
  failed!: number;

  @Field(() => Int, { description: 'Messages opened at least once' })
  opened!: number;

  @Field(() => Int, { description: 'Messages with at least one tracked click' })
  clicked!: number;
}

@ObjectType()
export class EmailStatsList extends OffsetList(EmailDailyStats) {}

/** How many messages created on a UTC day have a given status now. */
@ObjectType()
export class EmailDailyStatusCount {
  @Field({ description: 'UTC day, YYYY-MM-DD' })
  date!: string;

  @Field(() => EmailStatus)
  status!: EmailStatus;

  @Field(() => Int)
  count!: number;
}
