import { Field, ID, ObjectType } from 'type-graphql';

/** The answer to a company write: committed at once, so `id` is set and `pending` false. */
@ObjectType()
export class CompanyWriteResult {
  @Field(() => ID, { nullable: true })
  id!: string | null;

  @Field()
  externalId!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  domain!: string | null;

  @Field()
  status!: string;

  @Field()
  pending!: boolean;

  @Field({ description: 'Also sent as the X-Correlation-Id header' })
  correlationId!: string;

  @Field(() => String, { nullable: true, description: 'Set on creation: /crm/companies/<external_id>' })
  location!: string | null;
}
