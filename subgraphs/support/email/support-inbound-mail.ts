import type { EntityManager } from '@mikro-orm/postgresql';
import type { AddressObject } from 'mailparser';
import type { InboundMail, InboundMailHandler } from '../../../platform/mail/inbound-mail.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { newId } from '../../../platform/ids/ids.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { Inbox } from '../entities/inbox.entity.js';
import { Message } from '../entities/message.entity.js';
import { Conversation } from '../entities/conversation.entity.js';
import { Visitor } from '../entities/visitor.entity.js';
import { ConversationFlow, type AttachmentBytes } from '../conversations/conversation-flow.js';
import { ATTACHMENTS_MAX_BYTES } from '../conversations/conversation.types.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { INBOUND_MODULE } from '../inboxes/inbox.service.js';

/** Message-IDs a mail refers to: In-Reply-To first, then References, newest first. */
function referencedIds(mail: InboundMail): string[] {
  const refs = mail.parsed.references;
  const list = [mail.parsed.inReplyTo, ...(Array.isArray(refs) ? [...refs].reverse() : refs ? [refs] : [])];
  return [...new Set(list.filter((r): r is string => typeof r === 'string' && r.length > 0 && r.length < 1000))].slice(
    0,
    50,
  );
}

function sender(mail: InboundMail): { email: string; name: string | null } {
  const from = (Array.isArray(mail.parsed.from) ? mail.parsed.from[0] : mail.parsed.from) as AddressObject | undefined;
  const first = from?.value?.[0];
  const email = (first?.address ?? mail.envelope.from ?? '').toLowerCase();
  return { email, name: first?.name || null };
}

/** Attachments up to the per-message limit; what would cross it is left out. */
function attachmentsOf(mail: InboundMail): AttachmentBytes[] {
  let total = 0;
  const kept: AttachmentBytes[] = [];
  for (const a of mail.parsed.attachments ?? []) {
    if (total + a.size > ATTACHMENTS_MAX_BYTES) continue;
    total += a.size;
    kept.push({
      filename: (a.filename ?? 'attachment').slice(0, 255),
      contentType: a.contentType || 'application/octet-stream',
      content: a.content,
    });
  }
  return kept;
}

/**
 * Support's claim on inbound mail: every inbox `email` address. A mail creates a conversation, or continues the one
 * it answers (In-Reply-To / References against the Message-IDs of the conversation's mails). A mail already stored
 * (same Message-ID, redelivered) is not stored twice; an answer to a closed conversation starts a new one.
 */
export class SupportInboundMail implements InboundMailHandler {
  readonly name = INBOUND_MODULE;
  private readonly flow: ConversationFlow;

  constructor(private readonly deps: SupportDeps) {
    this.flow = new ConversationFlow(deps);
  }

  private async inboxOf(address: string): Promise<Inbox | null> {
    // Cross-tenant by design: the address names the organization (unique across organizations).
    return this.deps.orm.em.fork().findOne(Inbox, { email: address.toLowerCase() }, { filters: false });
  }

  async claims(address: string): Promise<boolean> {
    return (await this.inboxOf(address)) !== null;
  }

  async deliver(mail: InboundMail): Promise<void> {
    for (const address of mail.envelope.to) {
      const found = await this.inboxOf(address);
      if (!found) continue;
      const em = forkForTenant(this.deps.orm.em, found.organizationId);
      await em.transactional((tx) => this.deliverTo(tx, found.id, mail));
    }
  }

  private async deliverTo(tx: EntityManager, inboxId: string, mail: InboundMail): Promise<void> {
    const inbox = await tx.findOneOrFail(Inbox, { id: inboxId });
    const messageId = mail.parsed.messageId ?? null;
    if (messageId && (await tx.findOne(Message, { emailMessageId: messageId }))) return;
    const content = (mail.parsed.text ?? '').trim() || '(no text)';
    const attachments = attachmentsOf(mail);
    const refs = referencedIds(mail);
    const earlier = refs.length
      ? await tx.find(Message, { emailMessageId: { $in: refs } }, { orderBy: { createdAt: 'desc' }, limit: 1 })
      : [];
    const conversation = earlier[0]
      ? await tx.findOne(Conversation, { id: earlier[0].conversationId, inboxId: inbox.id })
      : null;
    if (conversation && conversation.status !== 'closed') {
      await this.flow.visitorMessage(tx, inbox, conversation, content, messageId, attachments);
      return;
    }
    const visitor = await this.visitorFor(tx, inbox, sender(mail));
    await this.flow.start(tx, {
      inbox,
      visitor,
      content,
      channel: 'email',
      subject: mail.parsed.subject?.slice(0, 998) ?? null,
      emailMessageId: messageId,
      attachments,
    });
  }

  /** The organization's visitor of that address, or a new identified one. */
  private async visitorFor(
    tx: EntityManager,
    inbox: Inbox,
    from: { email: string; name: string | null },
  ): Promise<Visitor> {
    // Only a verified email: a widget visitor who merely claimed this address must not receive its owner's mail.
    const [existing] = await tx.find(
      Visitor,
      { email: from.email, emailVerifiedAt: { $ne: null } },
      { orderBy: { createdAt: 'asc' }, limit: 1 },
    );
    if (existing) return existing;
    const now = this.deps.clock.now();
    const visitor = tx.create(Visitor, {
      id: newId('vis'),
      inboxId: inbox.id,
      email: from.email,
      name: from.name,
      identifiedAt: now,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    } as never);
    await tx.flush();
    await emitEvent(tx, 'visitor.identified', {
      visitorId: visitor.id,
      name: visitor.name,
      email: visitor.email,
      attributes: {},
      companyId: null,
    });
    return visitor;
  }
}
