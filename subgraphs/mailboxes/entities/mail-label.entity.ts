import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** A label of one mailbox; messages carry label names. */
@Entity({ schema: 'mailboxes', tableName: 'labels' })
export class MailLabel extends TenantEntity {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  mailboxId!: string;

  @Property({ type: 'text' })
  name!: string;

  /** `#rrggbb`. */
  @Property({ type: 'text' })
  color!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
