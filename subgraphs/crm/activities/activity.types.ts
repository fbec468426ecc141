import { Field, ID, ObjectType } from 'type-graphql';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { CrmPagedList } from '../shared/crm-page.js';

@ObjectType()
export class ActivityView {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'act_…' })
  externalId!: string;

  @Field(() => ID)
  contactId!: string;

  @Field({
    description: 'NOTE, CALL, MEETING, EMAIL, TASK (logged); PAGE_VIEW, CUSTOM_EVENT (recorded by integrations)',
  })
  type!: string;

  @Field({ description: 'CRM, SUPPORT or INTEGRATION' })
  module!: string;

  @Field(() => String, { nullable: true })
  content!: string | null;

  @Field(() => JSONObject)
  properties!: Record<string, unknown>;

  @Field()
  createdAt!: Date;
}

@ObjectType()
export class ActivityList extends CrmPagedList(ActivityView) {}

/** The answer to an accepted activity: its external id now, its numeric id once committed. */
@ObjectType()
export class ActivityProvisional {
  @Field(() => ID, { nullable: true })
  id!: string | null;

  @Field()
  externalId!: string;

  @Field()
  contactExternalId!: string;

  @Field()
  type!: string;

  @Field()
  pending!: boolean;

  @Field()
  correlationId!: string;

  @Field(() => String, { nullable: true })
  location!: string | null;
}
