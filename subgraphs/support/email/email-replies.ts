import type { EntityManager } from '@mikro-orm/postgresql';
import type { Conversation } from '../entities/conversation.entity.js';
import type { Inbox } from '../entities/inbox.entity.js';
import { Message } from '../entities/message.entity.js';
import { Visitor } from '../entities/visitor.entity.js';
import type { SupportDeps } from '../shared/support-deps.js';
import type { AttachmentBytes } from '../conversations/conversation-flow.js';

/** At most this many ids in References (RFC 5322 allows more; mail clients trim long chains the same way). */
const MAX_REFERENCES = 20;

/**
 * Agent replies of email conversations go out through the email module's system-email port, from the inbox's
 * address, threaded (In-Reply-To: the visitor's latest mail; References: the thread), queued in the reply's
 * transaction. The sent mail's Message-ID is kept on the message so the visitor's answer finds the conversation.
 */
export class EmailReplies {
  constructor(private readonly deps: SupportDeps) {}

  async send(
    tx: EntityManager,
    inbox: Inbox,
    conversation: Conversation,
    message: Message,
    attachments: AttachmentBytes[],
  ): Promise<void> {
    const sender = this.deps.ports().systemEmail;
    const visitor = await tx.findOne(Visitor, { id: conversation.visitorId });
    if (!sender || !inbox.email || !visitor?.email) {
      this.deps.logger.warn('support email reply not sent', {
        conversationId: conversation.id,
        reason: !sender ? 'no email module in this process' : 'no inbox or visitor address',
      });
      return;
    }
    const thread = await tx.find(
      Message,
      { conversationId: conversation.id, emailMessageId: { $ne: null } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const ids = thread.map((m) => m.emailMessageId!).slice(-MAX_REFERENCES);
    const lastIncoming = [...thread].reverse().find((m) => m.type === 'incoming')?.emailMessageId ?? ids.at(-1);
    const subject = conversation.subject
      ? /^re:/i.test(conversation.subject)
        ? conversation.subject
        : `Re: ${conversation.subject}`
      : `Re: ${inbox.name}`;
    const headers: Record<string, string> = {};
    if (lastIncoming) headers['In-Reply-To'] = lastIncoming;
    if (ids.length) headers.References = ids.join(' ');
    const id = await sender.send(tx, {
      organizationId: conversation.organizationId,
      to: visitor.email,
      kind: 'support.reply',
      subject,
      text: message.content,
      from: inbox.name ? `${inbox.name.replace(/["\\\r\n]/g, '')} <${inbox.email}>` : inbox.email,
      headers,
      attachments: attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content.toString('base64'),
      })),
    });
    // The email module names its Message-ID `<id@sender domain>`.
    if (id) {
      message.emailMessageId = `<${id}@${inbox.email.split('@')[1]}>`;
      await tx.flush();
    }
  }
}
