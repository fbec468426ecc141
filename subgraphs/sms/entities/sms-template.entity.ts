import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** An organization's own template, addressed by its alias (`templateAlias`). Its own, so always approved. */
@ObjectType()
@Entity({ schema: 'sms', tableName: 'templates' })
@Unique({ properties: ['organizationId', 'alias'] })
export class SmsCustomTemplate extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Field()
  @Property({ type: 'text' })
  alias!: string;

  @Field()
  @Property({ type: 'text' })
  name!: string;

  @Field()
  @Property({ type: 'text' })
  body!: string;

  @Field()
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Field()
  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
