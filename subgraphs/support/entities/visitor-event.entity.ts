import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** Something a visitor did that the widget reported (`POST /support/widget/events`). */
@Entity({ schema: 'support', tableName: 'visitor_events' })
export class VisitorEvent extends TenantRow {
  [OptionalProps]?: 'createdAt' | 'properties' | 'sessionId';

  @Property({ type: 'text' })
  visitorId!: string;

  @Property({ type: 'text', nullable: true })
  sessionId: string | null = null;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'jsonb' })
  properties: Record<string, unknown> = {};
}
