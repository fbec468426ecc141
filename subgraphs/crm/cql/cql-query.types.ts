import { Field, ObjectType } from 'type-graphql';
import { ContactView } from '../contacts/contact.types.js';
import { CompanyView } from '../companies/company.types.js';
import { CrmQueryMeta } from '../shared/crm-page.js';

/** The answer of POST /crm/query: the entity's rows (contacts or companies) and the meta with time and cost. */
@ObjectType()
export class CrmQueryResult {
  @Field({ description: 'contact or company' })
  entity!: string;

  @Field(() => [ContactView], { nullable: true })
  contacts!: ContactView[] | null;

  @Field(() => [CompanyView], { nullable: true })
  companies!: CompanyView[] | null;

  @Field(() => CrmQueryMeta)
  meta!: CrmQueryMeta;
}

@ObjectType()
export class CrmFieldInfo {
  @Field()
  name!: string;

  @Field()
  label!: string;

  @Field({ description: 'Property type (TEXT, NUMBER, …) or ID' })
  type!: string;

  @Field({ description: 'System field or custom property' })
  isSystem!: boolean;

  @Field(() => [String])
  operators!: string[];

  @Field(() => [String], { nullable: true })
  options!: string[] | null;

  @Field({ description: 'read or read_write' })
  access!: string;
}
