import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

export const PROPERTY_TYPES = [
  'TEXT',
  'NUMBER',
  'BOOLEAN',
  'DATE',
  'DATETIME',
  'EMAIL',
  'PHONE',
  'URL',
  'SELECT',
  'MULTI_SELECT',
  'CURRENCY',
  'TEXTAREA',
] as const;
export const PROPERTY_ENTITIES = ['CONTACT', 'COMPANY', 'CONTACT_COMPANY'] as const;
export const PROPERTY_GROUPS = ['BASIC', 'CONTACT_INFO', 'SOCIAL', 'COMPANY_INFO', 'CUSTOM'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

// Not a TimestampedTenantRow: numeric id (the API's); updatedAt set by the service, not on every flush.
/** A custom property definition; values live in the entity's `properties` jsonb. Deleting archives it. */
@Entity({ schema: 'crm', tableName: 'properties' })
export class PropertyDefinition extends TenantEntity {
  [OptionalProps]?:
    'id' | 'group' | 'description' | 'options' | 'isRequired' | 'isSystem' | 'archived' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  entity!: string;

  @Property({ type: 'text' })
  key!: string;

  @Property({ type: 'text' })
  label!: string;

  @Property({ type: 'text' })
  type!: PropertyType;

  @Property({ type: 'text', fieldName: 'group' })
  group: string = 'CUSTOM';

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  /** SELECT and MULTI_SELECT: the allowed values. */
  @Property({ type: 'jsonb' })
  options: string[] = [];

  @Property({ type: 'boolean' })
  isRequired: boolean = false;

  @Property({ type: 'boolean' })
  isSystem: boolean = false;

  @Property({ type: 'boolean' })
  archived: boolean = false;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
