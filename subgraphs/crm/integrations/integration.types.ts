import { Field, ID, ObjectType } from 'type-graphql';

/** A connected outbound integration; its access token is write-only (kept encrypted). */
@ObjectType()
export class IntegrationView {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field({ description: 'hubspot (80 requests per 10 s) or salesforce (8 requests per second)' })
  provider!: string;

  @Field()
  baseUrl!: string;

  @Field(() => String, { nullable: true, description: 'Outcome of the last failed push, cleared by the next success' })
  lastError!: string | null;

  @Field()
  createdAt!: Date;
}
