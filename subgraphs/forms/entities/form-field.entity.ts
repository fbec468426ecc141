import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';
import type { FieldType } from './form-status.js';

// Not a TimestampedTenantRow: numeric id, as the spec shows for forms.
/** One question of a form. `ref` is its public name (answers are keyed by it); `id` stays internal to management. */
@Entity({ schema: 'forms', tableName: 'fields' })
export class FormField extends TenantEntity {
  [OptionalProps]?: 'id' | 'placeholder' | 'required' | 'settings' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  formId!: number;

  @Property({ type: 'text' })
  ref!: string;

  @Property({ type: 'text' })
  type!: FieldType;

  @Property({ type: 'text' })
  label!: string;

  @Property({ type: 'text', nullable: true })
  placeholder: string | null = null;

  @Property({ type: 'boolean' })
  required: boolean = false;

  @Property({ type: 'integer', fieldName: 'position' })
  order!: number;

  @Property({ type: 'jsonb' })
  settings: Record<string, unknown> = {};

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
