import { Parser } from 'htmlparser2';
import type { MailMessage } from '../entities/mail-message.entity.js';
import type { MailboxMessageView } from './message.types.js';

/** An inbox item (no bodies, headers or attachment contents). */
export function messageItem(m: Omit<MailMessage, 'text' | 'headers'>): MailboxMessageView {
  return {
    id: m.id,
    mailboxId: m.mailboxId,
    threadId: m.threadId,
    direction: m.direction,
    status: m.status,
    from: m.from,
    to: m.to,
    cc: m.cc,
    subject: m.subject,
    textPreview: m.textPreview,
    read: m.read,
    archived: m.archived,
    labels: m.labels,
    tags: m.tags,
    attachmentCount: m.attachmentCount,
    receivedAt: m.receivedAt,
    messageId: m.messageId,
    inReplyTo: m.inReplyTo,
    scheduledAt: m.scheduledAt,
    sentAt: m.sentAt,
    deliveredAt: m.deliveredAt,
    bouncedAt: m.bouncedAt,
    bounceReason: m.bounceReason,
    auth: m.auth ? { spf: m.auth.spf ?? 'none', dkim: m.auth.dkim ?? 'none', dmarc: m.auth.dmarc ?? 'none' } : null,
  };
}

/** The full message: the item plus bodies, headers and attachments (lazy columns must be loaded). */
export function fullMessage(m: MailMessage): MailboxMessageView {
  return {
    ...messageItem(m),
    bcc: m.bcc,
    htmlBody: m.html,
    textBody: m.text,
    headers: m.headers,
    attachments: (m.attachments ?? []).map((a) => ({
      id: a.id,
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      content: a.content,
    })),
  };
}

const PREVIEW_CHARS = 200;

/** First 200 characters of the text, whitespace folded. Reads only as much of a long text as the preview needs. */
export function previewOf(text: string | null | undefined, html?: string | null): string {
  const source = text ?? (html ? textOfHtml(html) : '');
  for (let take = 1024; ; take *= 4) {
    const folded = source.slice(0, take).replace(/\s+/g, ' ').trim();
    // More than 200 folded characters of a prefix begin the folded whole text too.
    if (folded.length > PREVIEW_CHARS || take >= source.length) return folded.slice(0, PREVIEW_CHARS);
  }
}

/**
 * The text a reader sees of an HTML body, entities decoded, scripts, styles and the head left out, each tag a space:
 * parsed as a browser would read it, not matched by patterns (a `>` inside an attribute, an unclosed comment). Stops
 * once the preview has what it needs, so a 10 MB body costs no more than its first screen.
 */
function textOfHtml(html: string): string {
  const parts: string[] = [];
  let length = 0;
  let hidden = 0;
  let enough = false;
  const parser = new Parser(
    {
      onopentagname: (name) => {
        if (HIDDEN_ELEMENTS.has(name)) hidden++;
        parts.push(' ');
      },
      onclosetag: (name) => {
        if (HIDDEN_ELEMENTS.has(name)) hidden = Math.max(0, hidden - 1);
        parts.push(' ');
      },
      ontext: (text) => {
        if (hidden > 0) return;
        parts.push(text);
        length += text.length;
        if (length > PREVIEW_CHARS * 8 && !enough) {
          enough = true;
          parser.pause();
        }
      },
    },
    { decodeEntities: true },
  );
  for (let at = 0; at < html.length && !enough; at += 16_384) parser.write(html.slice(at, at + 16_384));
  if (!enough) parser.end();
  return parts.join('');
}

const HIDDEN_ELEMENTS = new Set(['script', 'style', 'head', 'title', 'template', 'noscript']);

/** The data of `message.*` events: the mailbox id first (mailbox webhooks filter on it). */
export function messageEventData(m: MailMessage) {
  return {
    mailboxId: m.mailboxId,
    messageId: m.id,
    threadId: m.threadId,
    from: m.from,
    to: m.to,
    cc: m.cc,
    subject: m.subject,
    status: m.status,
    labels: m.labels,
    tags: m.tags,
  };
}
