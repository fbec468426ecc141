import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TimestampedTenantRow: numeric id (the API's); updatedAt set by the write pipeline, not on every flush.
/** A committed company; domain unique per organization among companies not deleted. */
@Entity({ schema: 'crm', tableName: 'companies' })
export class Company extends TenantEntity {
  [OptionalProps]?:
    | 'id'
    | 'name'
    | 'domain'
    | 'industry'
    | 'size'
    | 'plan'
    | 'website'
    | 'phone'
    | 'status'
    | 'properties'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'text' })
  externalId!: string;

  @Property({ type: 'text', nullable: true })
  name: string | null = null;

  @Property({ type: 'text', nullable: true })
  domain: string | null = null;

  @Property({ type: 'text', nullable: true })
  industry: string | null = null;

  @Property({ type: 'text', nullable: true })
  size: string | null = null;

  @Property({ type: 'text', nullable: true })
  plan: string | null = null;

  @Property({ type: 'text', nullable: true })
  website: string | null = null;

  @Property({ type: 'text', nullable: true })
  phone: string | null = null;

  @Property({ type: 'text' })
  status: string = 'ACTIVE';

  @Property({ type: 'jsonb' })
  properties: Record<string, unknown> = {};

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
