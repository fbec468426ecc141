import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** Something a visitor did that the widget reported (`POST /support/widget/events`). */
@Entity({ schema: 'support', tableName: 'visitor_events' })
export class VisitorEvent extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'properties' | 'sessionId';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  visitorId!: string;

  @Property({ type: 'text', nullable: true })
  sessionId: string | null = null;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'jsonb' })
  properties: Record<string, unknown> = {};

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
