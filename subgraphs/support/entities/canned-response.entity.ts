import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TimestampedTenantRow } from '../../../platform/orm/tenant-row.js';

/** A saved reply; `shortcut` is unique per organization, `content` a Liquid template. */
@Entity({ schema: 'support', tableName: 'canned_responses' })
export class CannedResponse extends TimestampedTenantRow {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  shortcut!: string;

  @Property({ type: 'text' })
  content!: string;
}
