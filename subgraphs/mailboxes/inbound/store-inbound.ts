import type { EntityManager } from '@mikro-orm/postgresql';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import type { Mailbox } from '../entities/mailbox.entity.js';
import { MailMessage, type StoredAttachment } from '../entities/mail-message.entity.js';
import { assignThread } from '../threads/threading.js';
import { messageEventData, previewOf } from '../messages/message-view.js';

/** A received message, from SMTP or from a local mailbox. */
export interface InboundFields {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: string;
  fromAddress: string;
  to: string[];
  cc: string[];
  /** Bare addresses of From, To and Cc. */
  addresses: string[];
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  attachments: StoredAttachment[];
  auth: Record<string, string> | null;
  receivedAt: Date;
}

/**
 * Stores a received message in its thread and writes `message.received` (with thread and message metadata), in
 * the transaction of `tx` (scoped to the mailbox's organization). A Message-ID already received by this mailbox is
 * not stored twice (a retried SMTP delivery or a re-run send job): answers null then. Two deliveries racing meet the
 * unique index (mailbox, Message-ID) of received messages: the loser's transaction fails (SMTP answers 451, and the
 * sender's retry then finds the message stored).
 */
export async function storeInbound(tx: EntityManager, mailbox: Mailbox, f: InboundFields): Promise<MailMessage | null> {
  const existing = await tx.findOne(MailMessage, { mailboxId: mailbox.id, messageId: f.messageId, direction: 'inbound' }, { fields: ['id'] });
  if (existing) return null;
  const thread = await assignThread(tx, {
    mailboxId: mailbox.id, refs: [...(f.inReplyTo ? [f.inReplyTo] : []), ...[...f.references].reverse()], subject: f.subject,
    addresses: f.addresses, at: f.receivedAt,
  });
  const message = tx.create(MailMessage, {
    id: newId('msg'), organizationId: mailbox.organizationId, mailboxId: mailbox.id, threadId: thread.id, direction: 'inbound', status: 'received',
    messageId: f.messageId, inReplyTo: f.inReplyTo, references: f.references, from: f.from, fromAddress: f.fromAddress, to: f.to, cc: f.cc,
    addresses: f.addresses, subject: f.subject, html: f.html, text: f.text, textPreview: previewOf(f.text, f.html), headers: f.headers,
    attachments: f.attachments, attachmentCount: f.attachments.length, auth: f.auth, receivedAt: f.receivedAt,
  });
  await tx.flush();
  await emitEvent(tx, 'message.received', {
    ...messageEventData(message),
    receivedAt: message.receivedAt.toISOString(),
    thread: { id: thread.id, subject: thread.subject, messageCount: thread.messageCount, participants: thread.participants, lastMessageAt: thread.lastMessageAt.toISOString() },
    message: { id: message.id, messageId: message.messageId, inReplyTo: message.inReplyTo, textPreview: message.textPreview, attachmentCount: message.attachmentCount, auth: message.auth },
  });
  return message;
}
