import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/**
 * Metric events, one row each (Chatwoot's reporting_events): reports are a GROUP BY over these, never a scan
 * of messages. Times in seconds; `valueInBusinessHours` counts only the inbox's working hours.
 */
export const REPORTING_EVENTS = [
  'conversation_created',
  'incoming_message',
  'outgoing_message',
  'first_response',
  'reply_time',
  'conversation_resolved',
] as const;
export type ReportingEventName = (typeof REPORTING_EVENTS)[number];

// Not a TenantRow: the table has no created_at (events carry their own times).
@Entity({ schema: 'support', tableName: 'reporting_events' })
export class ReportingEvent extends TenantEntity {
  [OptionalProps]?: 'userId' | 'value' | 'valueInBusinessHours';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  name!: ReportingEventName;

  @Property({ type: 'double', nullable: true })
  value: number | null = null;

  @Property({ type: 'double', nullable: true })
  valueInBusinessHours: number | null = null;

  @Property({ type: 'text' })
  inboxId!: string;

  @Property({ type: 'text' })
  conversationId!: string;

  /** The agent it counts for (first response, replies, resolutions). */
  @Property({ type: 'text', nullable: true })
  userId: string | null = null;

  @Property({ type: 'timestamptz' })
  eventStartTime!: Date;

  /** When the event happened; reports filter on it. */
  @Property({ type: 'timestamptz' })
  eventEndTime!: Date;
}
