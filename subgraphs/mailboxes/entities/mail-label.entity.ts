import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** A label of one mailbox; messages carry label names. */
@Entity({ schema: 'mailboxes', tableName: 'labels' })
export class MailLabel extends TenantRow {
  [OptionalProps]?: 'createdAt';

  @Property({ type: 'text' })
  mailboxId!: string;

  @Property({ type: 'text' })
  name!: string;

  /** `#rrggbb`. */
  @Property({ type: 'text' })
  color!: string;
}
