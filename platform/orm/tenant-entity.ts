import { Property } from '@mikro-orm/core';

/** Base of every row that belongs to an organization. Reads are filtered and writes stamped by the tenant filter. */
export abstract class TenantEntity {
  @Property({ type: 'uuid', fieldName: 'organization_id' })
  organizationId!: string;
}
