import { Entity, OptionalProps, Property, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';

/** An organization's own template, addressed by its alias (`templateAlias`). Its own, so always approved. */
@ObjectType()
@Entity({ schema: 'sms', tableName: 'templates' })
@Unique({ properties: ['organizationId', 'alias'] })
export class SmsCustomTemplate extends TimestampedTenantRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @Field(() => ID)
  override id!: string;

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
  override createdAt!: Date;

  @Field()
  override updatedAt!: Date;
}
