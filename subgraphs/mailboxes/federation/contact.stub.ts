import { Directive, Field, ID, ObjectType } from 'type-graphql';

/** CRM's contact as the mailboxes see it: the key, and the email (`@external`, from CRM) its messages are found by. */
@Directive('@key(fields: "id")')
@ObjectType('Contact')
export class MailboxContactStub {
  @Field(() => ID)
  id!: string;

  @Directive('@external')
  @Field(() => String, { nullable: true })
  email?: string | null;
}
