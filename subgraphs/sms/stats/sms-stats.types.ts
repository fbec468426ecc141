import { Field, Int, ObjectType } from 'type-graphql';

/** One UTC day and destination country of outbound messages (dashboard). */
@ObjectType()
export class SmsDailyCountryStats {
  @Field({ description: 'YYYY-MM-DD (UTC), by submission time' })
  date!: string;

  @Field(() => String, { nullable: true })
  country!: string | null;

  @Field(() => Int, { description: 'Messages that reached the carrier (SENT, DELIVERED or UNDELIVERED)' })
  sent!: number;

  @Field(() => Int)
  delivered!: number;

  @Field(() => Int, { description: 'FAILED or UNDELIVERED' })
  failed!: number;

  @Field(() => Int)
  blocked!: number;

  @Field(() => Int, { description: 'Segments of the messages not BLOCKED' })
  segments!: number;
}
