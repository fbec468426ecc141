import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType()
export class IntegrationSync {
  @Field(() => ID)
  integrationId!: string;

  @Field()
  integrationName!: string;

  @Field({ description: 'Provider identifier, e.g. hubspot or salesforce' })
  provider!: string;

  @Field(() => String, { nullable: true, description: "The contact's id in the provider" })
  externalId!: string | null;

  @Field(() => Date, { nullable: true })
  lastSyncedAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Hash of the last pushed state; unchanged records are skipped' })
  syncHash!: string | null;
}

/** Sync status. */
@ObjectType()
export class ContactSyncStatus {
  @Field(() => ID)
  contactId!: string;

  @Field()
  externalId!: string;

  @Field(() => [IntegrationSync])
  integrations!: IntegrationSync[];
}
