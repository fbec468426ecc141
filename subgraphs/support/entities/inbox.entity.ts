import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';

/** Weekly working hours of an inbox: times are `HH:mm` in `timezone`; a day without ranges is closed. */
export interface WorkingHours {
  timezone: string;
  hours: { day: string; startTime: string; endTime: string }[];
}

/** What the widget announces when nobody is available (Chatwoot's reply time choices). */
export const REPLY_TIMES = ['in_a_few_minutes', 'in_a_few_hours', 'in_a_day'] as const;

/** A support inbox: where conversations arrive (its widget, its email address). */
@Entity({ schema: 'support', tableName: 'inboxes' })
export class Inbox extends TimestampedTenantRow {
  [OptionalProps]?:
    | 'createdAt'
    | 'updatedAt'
    | 'description'
    | 'email'
    | 'workingHours'
    | 'allowedOrigins'
    | 'preChatEmail'
    | 'replyTime'
    | 'identitySecret';

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  /** Lower-cased; unique across organizations because inbound mail is routed by it. */
  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  /** Public token of the inbox's web widget (X-Widget-Token); unique across organizations. */
  @Property({ type: 'text' })
  widgetToken!: string;

  @Property({ type: 'jsonb', nullable: true })
  workingHours: WorkingHours | null = null;

  /** Origins (`https://shop.example`) the widget may run on; null: any origin. */
  @Property({ type: 'jsonb', nullable: true })
  allowedOrigins: string[] | null = null;

  /** The widget asks for the visitor's email before the first message. */
  @Property({ type: 'boolean' })
  preChatEmail: boolean = false;

  /** What the widget announces when nobody is available: `in_a_few_minutes`, `in_a_few_hours` or `in_a_day`. */
  @Property({ type: 'text' })
  replyTime: string = 'in_a_few_hours';

  /** The identity verification secret, sealed (SecretBox, bound to the inbox id); null until one is generated. */
  @Property({ type: 'text', nullable: true, hidden: true })
  identitySecret: string | null = null;
}
