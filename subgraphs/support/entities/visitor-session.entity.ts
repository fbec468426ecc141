import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** One widget load of a visitor: page, referrer, user agent. */
@Entity({ schema: 'support', tableName: 'visitor_sessions' })
export class VisitorSession extends TenantRow {
  [OptionalProps]?: 'createdAt' | 'pageUrl' | 'referrer' | 'userAgent';

  @Property({ type: 'text' })
  visitorId!: string;

  @Property({ type: 'text', nullable: true })
  pageUrl: string | null = null;

  @Property({ type: 'text', nullable: true })
  referrer: string | null = null;

  @Property({ type: 'text', nullable: true })
  userAgent: string | null = null;
}
