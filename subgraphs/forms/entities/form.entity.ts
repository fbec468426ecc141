import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';
import type { FormStatus } from './form-status.js';

// Not a TimestampedTenantRow: numeric id, as the spec shows for forms.
/** A form: numeric id plus a uuid (the public address), slug unique per organization. */
@Entity({ schema: 'forms', tableName: 'forms' })
@Unique({ properties: ['organizationId', 'slug'] })
export class Form extends TenantEntity {
  [OptionalProps]?: 'id' | 'description' | 'status' | 'settings' | 'theme' | 'publishedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'uuid', unique: true })
  uuid!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  slug!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'text' })
  status: FormStatus = 'DRAFT';

  @Property({ type: 'jsonb' })
  settings: Record<string, unknown> = {};

  @Property({ type: 'jsonb' })
  theme: Record<string, unknown> = {};

  @Property({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
