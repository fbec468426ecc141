import { Directive, Field, ID, ObjectType } from 'type-graphql';

/** CRM's contact as support sees it: the key, and the email (`@external`, from CRM) that finds its visitors. */
@Directive('@key(fields: "id")')
@ObjectType('Contact')
export class SupportContactStub {
  @Field(() => ID)
  id!: string;

  @Directive('@external')
  @Field(() => String, { nullable: true })
  email?: string | null;
}
