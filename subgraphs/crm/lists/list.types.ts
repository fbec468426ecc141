import { Field, Int, ObjectType } from 'type-graphql';
import { JSON } from '../../../platform/graphql/scalars.js';
import { ContactView } from '../contacts/contact.types.js';
import { CrmPagedList } from '../shared/crm-page.js';

@ObjectType()
export class CrmListView {
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;

  @Field({ description: 'CONTACT' })
  entityType!: string;

  @Field()
  isDynamic!: boolean;

  @Field(() => JSON, { nullable: true, description: 'CQL filter object of a dynamic list' })
  filterCriteria!: unknown;

  @Field(() => Int)
  memberCount!: number;

  @Field(() => Date, { nullable: true })
  lastEvaluatedAt!: Date | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType()
export class ListMemberCount {
  @Field(() => Int)
  memberCount!: number;
}

@ObjectType()
export class ListMembersChange {
  @Field(() => Int, { description: 'Members added or removed by this call' })
  changed!: number;

  @Field(() => Int)
  memberCount!: number;
}

@ObjectType()
export class ListMemberList extends CrmPagedList(ContactView) {}
