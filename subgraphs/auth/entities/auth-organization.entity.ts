import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';

/** An organization of the customer's own users (B2B tenants of the customer's app), not a platform organization. */
@ObjectType('AuthOrganization')
@Entity({ schema: 'auth', tableName: 'organizations' })
export class AuthOrganization extends TimestampedTenantRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @Field(() => ID, { description: 'org_…' })
  override id!: string;

  @Field()
  @Property({ type: 'text' })
  name!: string;

  @Field()
  @Property({ type: 'text' })
  slug!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  displayName?: string | null;

  @Field()
  override createdAt!: Date;

  @Field()
  override updatedAt!: Date;
}
