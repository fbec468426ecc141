import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity } from '../../../platform/orm/tenant-entity.js';

/** An agent mailbox: `name@domain`, unique across every organization (inbound mail finds it by address alone). */
@Entity({ schema: 'mailboxes', tableName: 'mailboxes' })
export class Mailbox extends TenantEntity {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  /** Lower-cased `name@domain`. */
  @Property({ type: 'text' })
  address!: string;

  /** The local part. */
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  domain!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
