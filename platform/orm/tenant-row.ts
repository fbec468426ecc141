import { PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from './tenant-entity.js';

/**
 * Base of a tenant row with the spec's prefixed text id (`wh_…`, `mbx_…`) and its creation time. The columns are
 * declared here once; a GraphQL entity names the inherited fields again with `@Field` only (no column decorator).
 */
export abstract class TenantRow extends TenantEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}

/** A tenant row that also keeps when it last changed, stamped on every flush that changes it. */
export abstract class TimestampedTenantRow extends TenantRow {
  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
