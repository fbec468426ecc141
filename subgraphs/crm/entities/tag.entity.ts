import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TimestampedTenantRow: numeric id (the API's); updatedAt set by the service, not on every flush.
/** A tag; `key` unique per organization (lowercase alphanumeric with hyphens or underscores). */
@Entity({ schema: 'crm', tableName: 'tags' })
export class Tag extends TenantEntity {
  [OptionalProps]?: 'id' | 'description' | 'color' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  key!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'text', nullable: true })
  color: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
