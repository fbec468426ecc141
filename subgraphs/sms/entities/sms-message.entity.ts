import { Entity, Enum, Index, OptionalProps, Property } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { TenantRow } from '../../../platform/orm/tenant-row.js';
import { JSONObject } from '../../../platform/graphql/scalars.js';
import { SmsDirection, SmsStatus } from './sms-status.js';

/** One status the message went through, in order (the message's `events`). */
@ObjectType()
export class SmsStatusEvent {
  @Field()
  eventType!: string;

  @Field()
  timestamp!: string;
}

/** An outbound SMS (`sms_…`) or an inbound one (`sms_inb_…`), with its life so far. */
@ObjectType()
@Entity({ schema: 'sms', tableName: 'messages' })
@Index({ properties: ['organizationId', 'createdAt'] })
export class SmsMessage extends TenantRow {
  [OptionalProps]?: 'createdAt' | 'events' | 'metadata';

  @Field(() => ID)
  override id!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  providerMessageId?: string | null;

  @Field(() => SmsDirection)
  @Enum(() => SmsDirection)
  direction!: SmsDirection;

  @Field(() => String, {
    nullable: true,
    description: 'Pool number (outbound) or the sender (inbound); null when BLOCKED before a number was chosen',
  })
  @Property({ type: 'text', nullable: true, fieldName: 'from_number' })
  from?: string | null;

  @Field()
  @Property({ type: 'text', fieldName: 'to_number' })
  to!: string;

  @Field()
  @Property({ type: 'text' })
  body!: string;

  @Field(() => SmsStatus)
  @Enum(() => SmsStatus)
  status!: SmsStatus;

  @Field(() => Int)
  @Property({ type: 'int' })
  segments!: number;

  @Field(() => String, { nullable: true, description: 'ISO 3166 alpha-2 of the remote number' })
  @Property({ type: 'text', nullable: true })
  country?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  tag?: string | null;

  @Field(() => JSONObject)
  @Property({ type: 'jsonb' })
  metadata: Record<string, unknown> = {};

  @Field(() => Int, { nullable: true, description: 'Pool template id' })
  @Property({ type: 'int', nullable: true })
  templateId?: number | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  templateAlias?: string | null;

  @Field(() => Int, { nullable: true })
  @Property({ type: 'int', nullable: true })
  errorCode?: number | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  errorMessage?: string | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  queuedAt?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  deliveredAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it became FAILED, UNDELIVERED or BLOCKED' })
  @Property({ type: 'timestamptz', nullable: true })
  failedAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'Inbound only' })
  @Property({ type: 'timestamptz', nullable: true })
  receivedAt?: Date | null;

  @Field(() => [SmsStatusEvent])
  @Property({ type: 'jsonb' })
  events: SmsStatusEvent[] = [];

  @Field()
  override createdAt!: Date;
}
