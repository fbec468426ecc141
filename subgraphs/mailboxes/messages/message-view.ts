import type { MailMessage } from '../entities/mail-message.entity.js';
import type { MessageView } from './message.types.js';

/** An inbox item (no bodies, headers or attachment contents). */
export function messageItem(m: Omit<MailMessage, 'text' | 'headers'>): MessageView {
  return {
    id: m.id, mailboxId: m.mailboxId, threadId: m.threadId, direction: m.direction, status: m.status, from: m.from, to: m.to, cc: m.cc,
    subject: m.subject, textPreview: m.textPreview, read: m.read, archived: m.archived, labels: m.labels, tags: m.tags,
    attachmentCount: m.attachmentCount, receivedAt: m.receivedAt, messageId: m.messageId, inReplyTo: m.inReplyTo, scheduledAt: m.scheduledAt,
    sentAt: m.sentAt, deliveredAt: m.deliveredAt, bouncedAt: m.bouncedAt, bounceReason: m.bounceReason,
    auth: m.auth ? { spf: m.auth.spf ?? 'none', dkim: m.auth.dkim ?? 'none', dmarc: m.auth.dmarc ?? 'none' } : null,
  };
}

/** The full message: the item plus bodies, headers and attachments (lazy columns must be loaded). */
export function fullMessage(m: MailMessage): MessageView {
  return {
    ...messageItem(m),
    bcc: m.bcc,
    htmlBody: m.html,
    textBody: m.text,
    headers: m.headers,
    attachments: (m.attachments ?? []).map((a) => ({ id: a.id, filename: a.filename, contentType: a.contentType, size: a.size, content: a.content })),
  };
}

/** First 200 characters of the text, whitespace folded. Reads only as much of a long text as the preview needs. */
export function previewOf(text: string | null | undefined, html?: string | null): string {
  const source = text ?? (html ? html.replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/gi, ' ').replace(/<[^>]*>/g, ' ') : '');
  for (let take = 1024; ; take *= 4) {
    const folded = source.slice(0, take).replace(/\s+/g, ' ').trim();
    // More than 200 folded characters of a prefix begin the folded whole text too.
    if (folded.length > 200 || take >= source.length) return folded.slice(0, 200);
  }
}

/** The data of `message.*` events: the mailbox id first (mailbox webhooks filter on it). */
export function messageEventData(m: MailMessage) {
  return {
    mailboxId: m.mailboxId, messageId: m.id, threadId: m.threadId, from: m.from, to: m.to, cc: m.cc, subject: m.subject,
    status: m.status, labels: m.labels, tags: m.tags,
  };
}
