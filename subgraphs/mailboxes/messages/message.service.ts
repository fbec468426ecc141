import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import type { Mailbox } from '../entities/mailbox.entity.js';
import { MailMessage } from '../entities/mail-message.entity.js';
import { findMailbox } from '../mailboxes/mailbox.service.js';
import { bareOf, parseAddress, parseAddressList, type ParsedAddress } from '../shared/addresses.js';
import { checkAttachments } from '../shared/attachments.js';
import { forwardSubject, replySubject } from '../shared/base-subject.js';
import { checkCustomHeaders } from '../shared/custom-headers.js';
import { replyReferences } from '../threads/threading.js';
import type { MailboxesDeps } from '../mailboxes-deps.js';
import type {
  BatchInput,
  BatchItemResult,
  ForwardInput,
  MailboxReplyInput,
  SendInput,
  SendResult,
} from './message.types.js';
import { OutboundService } from './outbound.service.js';

/** Send, batch, reply, reply-all, forward and cancel: validation here, storage and queuing in OutboundService. */
export class MessageService {
  private readonly outbound: OutboundService;

  constructor(deps: MailboxesDeps) {
    this.outbound = new OutboundService(deps);
  }

  async send(em: EntityManager, input: SendInput): Promise<SendResult> {
    const mailbox = await senderMailbox(em, input.from);
    const draft = {
      to: parseAddressList(input.to, 'to'),
      cc: parseAddressList(input.cc, 'cc'),
      bcc: parseAddressList(input.bcc, 'bcc'),
      subject: input.subject,
      html: input.html ?? null,
      text: input.text ?? null,
      headers: checkCustomHeaders(input.headers),
      attachments: checkAttachments(input.attachments),
      tags: input.tags ?? [],
      inReplyTo: null,
      references: [],
      scheduledAt: input.scheduledAt ?? null,
    };
    return sendResult(await em.transactional((tx) => this.outbound.queue(tx, mailbox, draft)));
  }

  /** Up to 100 messages from one mailbox; each item succeeds or fails on its own. */
  async sendBatch(em: EntityManager, input: BatchInput): Promise<BatchItemResult[]> {
    const mailbox = await senderMailbox(em, input.from);
    const results: BatchItemResult[] = [];
    for (const [index, item] of input.messages.entries()) {
      try {
        if (item.subject.length < 1 || item.subject.length > 998)
          throw new DomainError('VALIDATION_ERROR', 'subject must be 1 to 998 characters');
        const to = [parseAddress(item.to, 'to')];
        const message = await em.transactional((tx) =>
          this.outbound.queue(tx, mailbox, {
            to,
            cc: [],
            bcc: [],
            subject: item.subject,
            html: item.html ?? null,
            text: item.text ?? null,
            attachments: [],
            headers: {},
            tags: [],
            inReplyTo: null,
            references: [],
            scheduledAt: null,
          }),
        );
        results.push({ index, id: message.id, status: message.status, to: to[0]!.entry, error: null });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({
          index,
          id: null,
          status: null,
          to: typeof item.to === 'string' ? item.to : null,
          error: { code: error.code, message: error.message },
        });
      }
    }
    return results;
  }

  /** Answers the sender (Reply-To when the original had one). */
  async reply(em: EntityManager, messageId: string, input: MailboxReplyInput, all = false): Promise<SendResult> {
    const original = await findMessage(em, messageId);
    const mailbox = await findMailbox(em, original.mailboxId);
    const { to, cc } = replyRecipients(original, mailbox, all);
    if (to.length === 0) throw new DomainError('INVALID_RECIPIENT', 'The original message has no address to reply to');
    const draft = {
      to,
      cc,
      bcc: [],
      subject: replySubject(original.subject),
      html: input.html ?? null,
      text: input.text ?? null,
      attachments: checkAttachments(input.attachments),
      headers: {},
      tags: [],
      inReplyTo: original.messageId,
      references: replyReferences(original),
      scheduledAt: null,
    };
    return sendResult(await em.transactional((tx) => this.outbound.queue(tx, mailbox, draft)));
  }

  /** Sends the original on, quoted under the new text, with its attachments. */
  async forward(em: EntityManager, messageId: string, input: ForwardInput): Promise<SendResult> {
    const original = await em.findOne(MailMessage, { id: messageId }, { populate: ['html', 'attachments'] });
    if (!original) throw new DomainError('MESSAGE_NOT_FOUND', 'Message not found');
    const mailbox = await findMailbox(em, original.mailboxId);
    const header = [
      `---------- Forwarded message ---------`,
      `From: ${original.from}`,
      `Date: ${original.receivedAt.toUTCString()}`,
      `Subject: ${original.subject}`,
      `To: ${original.to.join(', ')}`,
    ];
    const quotedText = `${input.text ?? ''}\n\n${header.join('\n')}\n\n${original.text ?? ''}`.trimStart();
    const quotedHtml = `${input.html ?? (input.text ? `<p>${escapeHtml(input.text)}</p>` : '')}<br><div>${header.map(escapeHtml).join('<br>')}</div><blockquote>${
      original.html ?? `<pre>${escapeHtml(original.text ?? '')}</pre>`
    }</blockquote>`;
    const draft = {
      to: parseAddressList(input.to, 'to'),
      cc: [],
      bcc: [],
      subject: forwardSubject(original.subject),
      html: quotedHtml,
      text: quotedText,
      attachments: checkAttachments([], original.attachments ?? []),
      headers: {},
      tags: [],
      inReplyTo: original.messageId,
      references: replyReferences(original),
      scheduledAt: null,
    };
    return sendResult(await em.transactional((tx) => this.outbound.queue(tx, mailbox, draft)));
  }

  /** scheduled → cancelled; a message already sent (or never scheduled) answers 409. */
  async cancel(em: EntityManager, messageId: string): Promise<SendResult> {
    const message = await findMessage(em, messageId);
    const changed = await em.nativeUpdate(
      MailMessage,
      { id: message.id, status: 'scheduled' },
      { status: 'cancelled' },
    );
    if (changed === 0) {
      const now = await em.refresh(message);
      throw new DomainError(
        'CONFLICT',
        `Only a scheduled message can be cancelled (this one is ${now?.status ?? message.status})`,
      );
    }
    message.status = 'cancelled';
    return sendResult(message);
  }
}

/** A message of the caller's organization, else MESSAGE_NOT_FOUND. */
export async function findMessage(em: EntityManager, id: string): Promise<MailMessage> {
  const message = await em.findOne(MailMessage, { id });
  if (!message) throw new DomainError('MESSAGE_NOT_FOUND', 'Message not found');
  return message;
}

async function senderMailbox(em: EntityManager, from: string): Promise<Mailbox> {
  const key = from.startsWith('mbx_') ? from : bareOf(from);
  if (!key) throw new DomainError('MAILBOX_NOT_FOUND', 'from is not one of your mailboxes');
  return findMailbox(em, key);
}

/** Reply: Reply-To or From of an inbound original, the original's To of an outbound one. Reply-all adds To and Cc as Cc. */
function replyRecipients(
  original: MailMessage,
  mailbox: Mailbox,
  all: boolean,
): { to: ParsedAddress[]; cc: ParsedAddress[] } {
  const parse = (entries: string[]) =>
    entries.flatMap((e) => {
      try {
        return [parseAddress(e, 'to')];
      } catch {
        return [];
      }
    });
  const replyTo = original.headers['reply-to'];
  const primary =
    original.direction === 'inbound'
      ? parse(replyTo ? replyTo.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/) : [original.from])
      : parse(original.to);
  const seen = new Set<string>([mailbox.address]);
  const to = primary.filter((a) => !seen.has(a.address) && seen.add(a.address));
  if (!all) return { to, cc: [] };
  const others = parse([...(original.direction === 'inbound' ? original.to : []), ...original.cc]);
  const cc = others.filter((a) => !seen.has(a.address) && seen.add(a.address));
  return { to, cc };
}

function sendResult(m: MailMessage): SendResult {
  return {
    id: m.id,
    status: m.status,
    from: m.from,
    to: m.to,
    cc: m.cc,
    bcc: m.bcc,
    subject: m.subject,
    threadId: m.threadId,
    scheduledAt: m.scheduledAt,
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
