import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TenantRow: the table has no created_at (attemptedAt is the attempt's time).
/** One HTTP request of a delivery and what came back. */
@ObjectType()
@Entity({ schema: 'webhooks', tableName: 'attempts' })
@Index({ properties: ['deliveryId', 'attemptedAt'] })
export class WebhookAttempt extends TenantEntity {
  [OptionalProps]?: 'slot' | 'responseCode' | 'responseBody' | 'error' | 'scheduledFor' | 'number';

  @Field()
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  deliveryId!: string;

  /** Place in the retry schedule (1 to 7); null for a manual retry. Unique per delivery, so a re-run job records nothing twice. */
  @Property({ type: 'int', nullable: true })
  slot?: number | null;

  /** 1-based position in the delivery's history, filled when listed. */
  @Field(() => Int)
  @Property({ type: 'int', persist: false })
  number?: number;

  @Field({ description: 'Sent by POST /webhooks/deliveries/{id}/retry' })
  @Property({ type: 'boolean' })
  manual!: boolean;

  @Field()
  @Property({ type: 'boolean' })
  success!: boolean;

  @Field(() => Int, { nullable: true })
  @Property({ type: 'int', nullable: true })
  responseCode?: number | null;

  @Field(() => String, { nullable: true, description: 'The first KB of the response body' })
  @Property({ type: 'text', nullable: true })
  responseBody?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Field(() => Int)
  @Property({ type: 'int' })
  durationMs!: number;

  @Field(() => Date, { nullable: true, description: 'When the schedule had it due; null for a manual retry' })
  @Property({ type: 'timestamptz', nullable: true })
  scheduledFor?: Date | null;

  @Field()
  @Property({ type: 'timestamptz' })
  attemptedAt!: Date;
}
