import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

// Not a TimestampedTenantRow: one row per organization, updatedAt set by the service when the settings are replaced.
/** Whether an organization keeps request and response bodies, for how long, and what is blanked out first. */
@Entity({ schema: 'ai_gateway', tableName: 'log_settings' })
@Unique({ properties: ['organizationId'] })
export class LogSettings extends TenantEntity {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'boolean' })
  enabled!: boolean;

  @Property({ type: 'integer' })
  retentionDays!: number;

  /** Built-in redactors by name (email, api_key, card_number, phone). */
  @Property({ type: 'json' })
  redact!: string[];

  /** Literal strings blanked out wherever they appear (case-insensitive): never regular expressions. */
  @Property({ type: 'json' })
  redactStrings!: string[];

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
