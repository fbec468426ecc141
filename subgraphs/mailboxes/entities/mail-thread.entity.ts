import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** Messages of one mailbox grouped by their reply headers and subject (RFC 8621 section 3). */
@Entity({ schema: 'mailboxes', tableName: 'threads' })
export class MailThread extends TenantRow {
  [OptionalProps]?: 'createdAt';

  @Property({ type: 'text' })
  mailboxId!: string;

  /** Subject of the first message. */
  @Property({ type: 'text' })
  subject!: string;

  /** Subject without `Re:`/`Fwd:`/`[list]` prefixes, lower-cased: what a reply's subject must equal to join. */
  @Property({ type: 'text' })
  baseSubject!: string;

  /** Bare addresses seen in the thread, in order of appearance. */
  @Property({ type: 'text[]' })
  participants!: string[];

  @Property({ type: 'integer' })
  messageCount!: number;

  @Property({ type: 'timestamptz' })
  lastMessageAt!: Date;
}
