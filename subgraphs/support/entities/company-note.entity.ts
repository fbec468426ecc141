import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** An internal note on a company. */
@Entity({ schema: 'support', tableName: 'company_notes' })
export class CompanyNote extends TenantRow {
  [OptionalProps]?: 'createdAt';

  @Property({ type: 'text' })
  companyId!: string;

  @Property({ type: 'text' })
  content!: string;
}
