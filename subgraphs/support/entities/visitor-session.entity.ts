import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** One widget load of a visitor: page, referrer, user agent. */
@Entity({ schema: 'support', tableName: 'visitor_sessions' })
export class VisitorSession extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'pageUrl' | 'referrer' | 'userAgent';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  visitorId!: string;

  @Property({ type: 'text', nullable: true })
  pageUrl: string | null = null;

  @Property({ type: 'text', nullable: true })
  referrer: string | null = null;

  @Property({ type: 'text', nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
