import { Entity, Enum, OptionalProps, Property, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantRow } from '../../../platform/orm/tenant-row.js';
import { SuppressionReason } from './email-status.js';

/** An address we refuse to send to: hard bounce, complaint, unsubscribe or added by hand. */
@ObjectType()
@Entity({ schema: 'email', tableName: 'suppressions' })
@Unique({ properties: ['organizationId', 'email'] })
export class EmailSuppression extends TenantRow {
  [OptionalProps]?: 'createdAt';

  @Field(() => ID)
  override id!: string;

  @Field({ description: 'Lower-cased address' })
  @Property({ type: 'text' })
  email!: string;

  @Field(() => SuppressionReason)
  @Enum(() => SuppressionReason)
  reason!: SuppressionReason;

  @Field(() => String, { nullable: true, description: 'The message that caused it, if any' })
  @Property({ type: 'text', nullable: true })
  sourceMessageId?: string | null;

  @Field()
  override createdAt!: Date;
}
