import { Entity, OptionalProps, Property } from '@mikro-orm/core';
import { TenantRow } from '../../../platform/orm/tenant-row.js';

/** `incoming` from the visitor, `reply` to the visitor, `note` for agents only (never shown to the visitor). */
export type MessageType = 'incoming' | 'reply' | 'note';

/** Attachment metadata kept on the message; the bytes live in support.attachments. */
export interface AttachmentMeta {
  id: string;
  filename: string;
  contentType: string;
  size: number;
}

@Entity({ schema: 'support', tableName: 'messages' })
export class Message extends TenantRow {
  [OptionalProps]?:
    'createdAt' | 'authorId' | 'cannedResponseId' | 'emailMessageId' | 'attachments' | 'redacted' | 'clientKey';

  @Property({ type: 'text' })
  conversationId!: string;

  @Property({ type: 'text' })
  type!: MessageType;

  /** `visitor`, `agent` (a member named by authorId) or `inbox` (a reply without an author). */
  @Property({ type: 'text' })
  senderType!: string;

  @Property({ type: 'text', nullable: true })
  authorId: string | null = null;

  @Property({ type: 'text' })
  content!: string;

  @Property({ type: 'text', nullable: true })
  cannedResponseId: string | null = null;

  /** RFC 5322 Message-ID of the email that carried it (threading of email conversations). */
  @Property({ type: 'text', nullable: true })
  emailMessageId: string | null = null;

  @Property({ type: 'jsonb' })
  attachments: AttachmentMeta[] = [];

  /** The widget's Idempotency-Key for a visitor message: sending it again answers this message. */
  @Property({ type: 'text', nullable: true })
  clientKey: string | null = null;

  /** Set by visitor anonymization: the body was replaced. */
  @Property({ type: 'boolean' })
  redacted: boolean = false;
}
