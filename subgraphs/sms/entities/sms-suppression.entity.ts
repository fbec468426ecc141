import { Entity, Enum, OptionalProps, Property, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantRow } from '../../../platform/orm/tenant-row.js';
import { SmsSuppressionReason } from './sms-status.js';

/** A number the organization never texts: added by hand or by an inbound STOP. */
@ObjectType()
@Entity({ schema: 'sms', tableName: 'suppressions' })
@Unique({ properties: ['organizationId', 'phoneNumber'] })
export class SmsSuppression extends TenantRow {
  [OptionalProps]?: 'createdAt';

  @Field(() => ID)
  override id!: string;

  @Field()
  @Property({ type: 'text' })
  phoneNumber!: string;

  @Field(() => SmsSuppressionReason)
  @Enum(() => SmsSuppressionReason)
  reason!: SmsSuppressionReason;

  @Field()
  override createdAt!: Date;
}
