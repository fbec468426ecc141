import { Entity, Enum, Index, OptionalProps, Property, Unique } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';
import { JSON as JSONScalar } from '../../../platform/graphql/scalars.js';
import { DeliveryStatus } from './delivery-status.js';

/** One event to one webhook: its status, its latest attempt's outcome, and when the next attempt is due. */
@ObjectType()
@Entity({ schema: 'webhooks', tableName: 'deliveries' })
@Unique({ properties: ['eventId', 'webhookId'] }) // a dispatcher re-run never duplicates a delivery
@Index({ properties: ['organizationId', 'namespace', 'id'] })
@Index({ properties: ['webhookId', 'createdAt'] })
export class WebhookDelivery extends TimestampedTenantRow {
  [OptionalProps]?:
    | 'payload'
    | 'status'
    | 'attemptCount'
    | 'responseCode'
    | 'error'
    | 'attemptedAt'
    | 'nextAttemptAt'
    | 'createdAt'
    | 'updatedAt';

  @Field(() => ID)
  override id!: string;

  @Property({ type: 'text' })
  namespace!: string;

  @Field(() => ID)
  @Property({ type: 'text' })
  webhookId!: string;

  @Field({ description: 'The event id: the same on every attempt, the receiver’s idempotency key' })
  @Property({ type: 'text' })
  eventId!: string;

  @Field()
  @Property({ type: 'text' })
  eventType!: string;

  @Property({ type: 'timestamptz' })
  eventTimestamp!: Date;

  @Property({ type: 'jsonb' })
  data!: Record<string, unknown>;

  @Field(() => DeliveryStatus)
  @Enum(() => DeliveryStatus)
  status: DeliveryStatus = DeliveryStatus.PENDING;

  @Field(() => Int, { description: 'Scheduled attempts made so far (1 to 7); manual retries are not counted' })
  @Property({ type: 'int' })
  attemptCount: number = 0;

  @Field(() => Int, { nullable: true, description: 'HTTP status of the latest attempt' })
  @Property({ type: 'int', nullable: true })
  responseCode?: number | null;

  @Field(() => String, { nullable: true, description: 'Why the latest attempt failed' })
  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Field(() => Date, { nullable: true, description: 'When the latest attempt was made' })
  @Property({ type: 'timestamptz', nullable: true })
  attemptedAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the next scheduled attempt is due; null when none is' })
  @Property({ type: 'timestamptz', nullable: true })
  nextAttemptAt?: Date | null;

  @Field()
  override createdAt!: Date;

  @Field()
  override updatedAt!: Date;

  /** The body POSTed to the receiver. */
  @Field(() => JSONScalar, { description: 'The body sent: {id, type, timestamp, data}' })
  get payload(): { id: string; type: string; timestamp: string; data: Record<string, unknown> } {
    return {
      id: this.eventId,
      type: this.eventType,
      timestamp: new Date(this.eventTimestamp).toISOString(),
      data: this.data,
    };
  }
}
