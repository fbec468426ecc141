import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';

/** Weekly working hours of an inbox: times are `HH:mm` in `timezone`; a day without ranges is closed. */
export interface WorkingHours {
  timezone: string;
  hours: { day: string; startTime: string; endTime: string }[];
}

/** A support inbox: where conversations arrive (its widget, its email address). */
@Entity({ schema: 'support', tableName: 'inboxes' })
export class Inbox extends TimestampedTenantRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'description' | 'email' | 'workingHours';

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
}
