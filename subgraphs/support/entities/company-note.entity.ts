import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** An internal note on a company. */
@Entity({ schema: 'support', tableName: 'company_notes' })
export class CompanyNote extends TenantEntity {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  companyId!: string;

  @Property({ type: 'text' })
  content!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
