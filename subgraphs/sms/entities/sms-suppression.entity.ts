import { Entity, Enum, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';
import { SmsSuppressionReason } from './sms-status.js';

/** A number the organization never texts: added by hand or by an inbound STOP. */
@ObjectType()
@Entity({ schema: 'sms', tableName: 'suppressions' })
@Unique({ properties: ['organizationId', 'phoneNumber'] })
export class SmsSuppression extends TenantEntity {
  [OptionalProps]?: 'createdAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Field()
  @Property({ type: 'text' })
  phoneNumber!: string;

  @Field(() => SmsSuppressionReason)
  @Enum(() => SmsSuppressionReason)
  reason!: SmsSuppressionReason;

  @Field()
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
