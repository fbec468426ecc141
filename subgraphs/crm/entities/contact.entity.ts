import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

export const CONTACT_STATUSES = ['ACTIVE', 'ARCHIVED', 'DELETED', 'MERGED'] as const;
export const LIFECYCLE_STAGES = [
  'SUBSCRIBER',
  'LEAD',
  'MARKETING_QUALIFIED',
  'SALES_QUALIFIED',
  'OPPORTUNITY',
  'CUSTOMER',
  'EVANGELIST',
] as const;

// Not a TimestampedTenantRow: numeric id (the API's); updatedAt set by the write pipeline, not on every flush.
/** A committed contact. The numeric id (bigint, a string here) exists only once its creating write committed. */
@Entity({ schema: 'crm', tableName: 'contacts' })
export class Contact extends TenantEntity {
  [OptionalProps]?:
    | 'id'
    | 'email'
    | 'name'
    | 'givenName'
    | 'familyName'
    | 'phone'
    | 'lifecycleStage'
    | 'status'
    | 'mergedIntoId'
    | 'properties'
    | 'module'
    | 'createdAt'
    | 'updatedAt'
    | 'lastActivityAt';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'text' })
  externalId!: string;

  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  @Property({ type: 'text', nullable: true })
  name: string | null = null;

  @Property({ type: 'text', nullable: true })
  givenName: string | null = null;

  @Property({ type: 'text', nullable: true })
  familyName: string | null = null;

  @Property({ type: 'text', nullable: true })
  phone: string | null = null;

  @Property({ type: 'text', nullable: true })
  lifecycleStage: string | null = null;

  @Property({ type: 'text' })
  status: string = 'ACTIVE';

  @Property({ type: 'bigint', nullable: true })
  mergedIntoId: string | null = null;

  @Property({ type: 'jsonb' })
  properties: Record<string, unknown> = {};

  /** Where the contact came from: CRM, SUPPORT or INTEGRATION. */
  @Property({ type: 'text' })
  module: string = 'CRM';

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  lastActivityAt: Date | null = null;
}
