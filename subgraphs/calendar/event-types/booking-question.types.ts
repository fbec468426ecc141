import { Field, ObjectType } from 'type-graphql';

/** A question of the booking form; the booking's `responses[name]` holds its answer. */
@ObjectType('CalendarBookingQuestion')
export class BookingQuestionView {
  @Field({ description: "The answer's key in responses" })
  name!: string;

  @Field()
  label!: string;

  @Field({ description: 'TEXT, TEXTAREA, EMAIL, PHONE, NUMBER, SELECT, MULTISELECT, CHECKBOX or RADIO' })
  type!: string;

  @Field()
  required!: boolean;

  @Field(() => [String], { description: 'The choices of SELECT, MULTISELECT and RADIO; empty otherwise' })
  options!: string[];

  @Field(() => String, { nullable: true })
  placeholder!: string | null;
}
