import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { CrmPagedList } from '../shared/crm-page.js';

/** A contact's link to a company: `companyId`, `role`, `isPrimary` plus the company's name and domain. */
@ObjectType()
export class ContactCompanyLink {
  @Field(() => ID)
  companyId!: string;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  domain!: string | null;

  @Field(() => String, { nullable: true })
  role!: string | null;

  @Field()
  isPrimary!: boolean;
}

/**
 * The federation entity other subgraphs extend (calendar's `bookings`, forms' `formSubmissions` with
 * `email @external` + `@requires(fields: "email")`). Its `id` is the numeric id; `email` is nullable
 * because a contact may be anonymous (`isIdentified: false`).
 */
@Directive('@key(fields: "id")')
@ObjectType('Contact')
export class ContactView {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'ctc_…' })
  externalId!: string;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  givenName!: string | null;

  @Field(() => String, { nullable: true })
  familyName!: string | null;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'SUBSCRIBER, LEAD, MARKETING_QUALIFIED, SALES_QUALIFIED, OPPORTUNITY, CUSTOMER or EVANGELIST',
  })
  lifecycleStage!: string | null;

  @Field({ description: 'ACTIVE, ARCHIVED, DELETED or MERGED (the loser of a merge)' })
  status!: string;

  @Field(() => ID, { nullable: true, description: 'Set on a merged contact: the winner' })
  mergedIntoId!: string | null;

  @Field(() => JSONObject, { description: 'Custom property values keyed by property key' })
  properties!: Record<string, unknown>;

  @Field({ description: 'CRM, SUPPORT or INTEGRATION' })
  module!: string;

  @Field({ description: 'Has an email' })
  isIdentified!: boolean;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  @Field(() => Date, { nullable: true })
  lastActivityAt!: Date | null;
}

@ObjectType()
export class ContactList extends CrmPagedList(ContactView) {}

/** The answer to every accepted write: `id` is null until the creating write commits. */
@ObjectType()
export class ProvisionalRecord {
  @Field(() => ID, { nullable: true })
  id!: string | null;

  @Field()
  externalId!: string;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field()
  status!: string;

  @Field()
  pending!: boolean;

  @Field({ description: 'Also sent as the X-Correlation-Id header' })
  correlationId!: string;

  @Field(() => String, { nullable: true, description: 'Set on creation: /crm/contacts/<external_id>' })
  location!: string | null;
}

/** Contact summary. */
@ObjectType()
export class ContactSummaryCompany {
  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  domain!: string | null;

  @Field(() => String, { nullable: true })
  role!: string | null;
}

@ObjectType()
export class ContactSummary {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field()
  status!: string;

  @Field(() => String, { nullable: true })
  lifecycleStage!: string | null;

  @Field(() => [ContactSummaryCompany])
  companies!: ContactSummaryCompany[];

  @Field(() => [String])
  tags!: string[];

  @Field(() => Int)
  activityCount!: number;

  @Field(() => Date, { nullable: true })
  lastActivityAt!: Date | null;
}
