import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** A user's membership of an auth organization, with a role. */
@ObjectType('AuthMember')
@Entity({ schema: 'auth', tableName: 'members' })
export class Member extends TenantRow {
  [OptionalProps]?: 'createdAt';

  @Field(() => ID, { description: 'mem_…' })
  override id!: string;

  @Field({ name: 'organizationId', description: 'The auth organization (org_…)' })
  @Property({ type: 'text' })
  authOrganizationId!: string;

  @Field()
  @Property({ type: 'text' })
  userId!: string;

  @Field({ description: 'OWNER, ADMIN or MEMBER' })
  @Property({ type: 'text' })
  role!: string;

  @Field()
  override createdAt!: Date;
}
