import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { CrmPagedList } from '../shared/crm-page.js';

/** A company (federation entity keyed by its numeric id). */
@Directive('@key(fields: "id")')
@ObjectType('Company')
export class CompanyView {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'cmp_…' })
  externalId!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  domain!: string | null;

  @Field(() => String, { nullable: true })
  industry!: string | null;

  @Field(() => String, { nullable: true })
  size!: string | null;

  @Field(() => String, { nullable: true })
  plan!: string | null;

  @Field(() => String, { nullable: true })
  website!: string | null;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field({ description: 'ACTIVE, ARCHIVED or DELETED' })
  status!: string;

  @Field(() => JSONObject)
  properties!: Record<string, unknown>;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType()
export class CompanyList extends CrmPagedList(CompanyView) {}

/** A contact of a company, with its role and primary flag. */
@ObjectType()
export class CompanyContactLink {
  @Field(() => ID)
  contactId!: string;

  @Field()
  externalId!: string;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  role!: string | null;

  @Field()
  isPrimary!: boolean;
}

export type CompanyRow = Omit<CompanyView, 'id'> & { id: string | number };

export function companyView(row: CompanyRow): CompanyView {
  return {
    ...row,
    id: String(row.id),
    properties: row.properties ?? {},
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}
