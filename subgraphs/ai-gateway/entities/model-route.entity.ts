import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

export interface RouteTarget {
  provider: string;
  model: string;
}

// Not a TimestampedTenantRow: updatedAt changes only when the targets are replaced (the service sets it), not on every flush.
/** A bare model name of the organization and its targets in fallback order. */
@Entity({ schema: 'ai_gateway', tableName: 'routes' })
@Unique({ properties: ['organizationId', 'model'] })
export class ModelRoute extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  model!: string;

  @Property({ type: 'json' })
  targets!: RouteTarget[];

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
