import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** An organization of the customer's own users (B2B tenants of the customer's app), not a platform organization. */
@ObjectType('AuthOrganization')
@Entity({ schema: 'auth', tableName: 'organizations' })
export class AuthOrganization extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @Field(() => ID, { description: 'org_…' })
  @PrimaryKey({ type: 'text' })
  id!: string;

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
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Field()
  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
