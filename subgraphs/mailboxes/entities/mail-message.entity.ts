import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';
import type { MessageStatus } from './message-status.js';

/** An attachment as stored: base64 content with its metadata. */
export interface StoredAttachment {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  content: string;
}

/** A message of a mailbox, received (`inbound`) or sent (`outbound`). */
@Entity({ schema: 'mailboxes', tableName: 'messages' })
export class MailMessage extends TenantRow {
  [OptionalProps]?:
    | 'createdAt'
    | 'read'
    | 'archived'
    | 'labels'
    | 'tags'
    | 'cc'
    | 'bcc'
    | 'references'
    | 'inReplyTo'
    | 'scheduledAt'
    | 'sentAt'
    | 'deliveredAt'
    | 'bouncedAt'
    | 'bounceReason'
    | 'auth'
    | 'emailMessageIds'
    | 'html'
    | 'text';

  @Property({ type: 'text' })
  mailboxId!: string;

  @Property({ type: 'text' })
  threadId!: string;

  @Property({ type: 'text' })
  direction!: 'inbound' | 'outbound';

  @Property({ type: 'text' })
  status!: MessageStatus;

  /** The RFC 5322 Message-ID, with angle brackets. */
  @Property({ type: 'text' })
  messageId!: string;

  @Property({ type: 'text', nullable: true })
  inReplyTo: string | null = null;

  @Property({ type: 'text[]' })
  references: string[] = [];

  /** The From header as sent or received (`Name <a@b>` or `a@b`). */
  @Property({ type: 'text' })
  from!: string;

  /** Lower-cased bare address of `from`. */
  @Property({ type: 'text' })
  fromAddress!: string;

  @Property({ type: 'text[]' })
  to!: string[];

  @Property({ type: 'text[]' })
  cc: string[] = [];

  @Property({ type: 'text[]' })
  bcc: string[] = [];

  /** Lower-cased bare addresses of From, To and Cc (a contact's messages are found by these). */
  @Property({ type: 'text[]' })
  addresses!: string[];

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text', nullable: true, lazy: true })
  html: string | null = null;

  @Property({ type: 'text', nullable: true })
  text: string | null = null;

  @Property({ type: 'text' })
  textPreview!: string;

  @Property({ type: 'jsonb' })
  headers!: Record<string, string>;

  @Property({ type: 'jsonb', lazy: true })
  attachments!: StoredAttachment[];

  @Property({ type: 'integer' })
  attachmentCount!: number;

  @Property({ type: 'text[]' })
  labels: string[] = [];

  @Property({ type: 'text[]' })
  tags: string[] = [];

  @Property({ type: 'boolean' })
  read: boolean = false;

  @Property({ type: 'boolean' })
  archived: boolean = false;

  /** SPF, DKIM and DMARC verdicts of a received message. */
  @Property({ type: 'jsonb', nullable: true })
  auth: Record<string, string> | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  scheduledAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  sentAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  deliveredAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  bouncedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  bounceReason: string | null = null;

  /** Ids of the email module's messages that carry this one to outside recipients. */
  @Property({ type: 'text[]' })
  emailMessageIds: string[] = [];

  /** When it arrived (inbound) or was created (outbound): the inbox and thread order. */
  @Property({ type: 'timestamptz' })
  receivedAt!: Date;
}
