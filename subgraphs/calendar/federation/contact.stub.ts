import { Directive, Field, ID, ObjectType } from 'type-graphql';

/**
 * CRM's contact as calendar sees it: the key, and the email it must be given (`@external`, from CRM) to find the
 * contact's bookings by attendee email. CRM owns every other field.
 */
@Directive('@key(fields: "id")')
@ObjectType('Contact')
export class CalendarContactStub {
  @Field(() => ID)
  id!: string;

  @Directive('@external')
  @Field(() => String, { nullable: true })
  email?: string | null;
}
