import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TimestampedTenantRow: uuid id; updatedAt comes from the module's clock, not on every flush.
/** A company visitors belong to. `id` is the caller's (unique per organization); `uid` is the row's own key. */
@Entity({ schema: 'support', tableName: 'companies' })
export class SupportCompany extends TenantEntity {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'website' | 'industry' | 'attributes';

  @PrimaryKey({ type: 'uuid' })
  uid!: string;

  @Property({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  website: string | null = null;

  @Property({ type: 'text', nullable: true })
  industry: string | null = null;

  @Property({ type: 'jsonb' })
  attributes: Record<string, unknown> = {};

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
