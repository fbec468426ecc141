import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** An agent mailbox: `name@domain`, unique across every organization (inbound mail finds it by address alone). */
@Entity({ schema: 'mailboxes', tableName: 'mailboxes' })
export class Mailbox extends TenantRow {
  [OptionalProps]?: 'createdAt';

  /** Lower-cased `name@domain`. */
  @Property({ type: 'text' })
  address!: string;

  /** The local part. */
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  domain!: string;
}
