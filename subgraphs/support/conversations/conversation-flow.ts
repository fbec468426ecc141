import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../../platform/ids/ids.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { Conversation, type ConversationStatus } from '../entities/conversation.entity.js';
import type { Inbox } from '../entities/inbox.entity.js';
import { InboxMember } from '../entities/inbox-member.entity.js';
import { Message, type AttachmentMeta, type MessageType } from '../entities/message.entity.js';
import { Attachment } from '../entities/attachment.entity.js';
import type { Visitor } from '../entities/visitor.entity.js';
import { recordReporting } from '../analytics/reporting.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { conversationEventData, messageEventData } from './conversation-view.js';

/** Decoded attachment bytes, checked for size by the caller. */
export interface AttachmentBytes {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface NewConversation {
  inbox: Inbox;
  visitor: Visitor;
  content: string;
  channel: 'widget' | 'email' | 'api';
  subject?: string | null;
  emailMessageId?: string | null;
  attachments?: AttachmentBytes[];
  /** The widget's key for this start (unique per visitor). */
  clientKey?: string | null;
}

export interface AgentMessage {
  inbox: Inbox;
  conversation: Conversation;
  type: Extract<MessageType, 'reply' | 'note'>;
  authorId: string | null;
  content: string;
  cannedResponseId?: string | null;
  attachments?: AttachmentBytes[];
  emailMessageId?: string | null;
}

/**
 * The rules every channel shares (widget, email, REST): statuses, round-robin assignment, the reporting rows of
 * the metrics and the events, all written in the caller's transaction.
 */
export class ConversationFlow {
  constructor(private readonly deps: SupportDeps) {}

  now(): Date {
    return this.deps.clock.now();
  }

  /**
   * Chatwoot's default: the available member of the inbox who was assigned longest ago (never first). Locking the
   * inbox row makes concurrent new conversations of one inbox take turns; each then reads the members afresh (a
   * lock on the member row alone would hand every waiting transaction the same member).
   */
  async nextAssignee(tx: EntityManager, inbox: Inbox, at: Date): Promise<string | null> {
    await tenantSql(tx).rows(
      sql`select id from support.inboxes where organization_id = ${ORG} and id = ${inbox.id} for update`,
    );
    const members = await tx.find(
      InboxMember,
      { inboxId: inbox.id },
      { orderBy: { lastAssignedAt: 'asc nulls first', createdAt: 'asc', id: 'asc' } as never, refresh: true },
    );
    const member = members.find((m) => m.status === 'available');
    if (!member) return null;
    // Strictly after every earlier turn: a transaction that read the clock before waiting for the lock must not go back in line.
    const latest = Math.max(0, ...members.map((m) => m.lastAssignedAt?.getTime() ?? 0));
    member.lastAssignedAt = new Date(Math.max(at.getTime(), latest + 1));
    return member.userId;
  }

  async start(tx: EntityManager, input: NewConversation): Promise<{ conversation: Conversation; message: Message }> {
    const now = this.now();
    const conversation = tx.create(Conversation, {
      id: newId('conv'),
      inboxId: input.inbox.id,
      visitorId: input.visitor.id,
      status: 'open',
      channel: input.channel,
      subject: input.subject ?? null,
      clientKey: input.clientKey ?? null,
      assigneeId: await this.nextAssignee(tx, input.inbox, now),
      lastActivityAt: now,
      createdAt: now,
      updatedAt: now,
    } as never);
    recordReporting(tx, {
      name: 'conversation_created',
      inbox: input.inbox,
      conversationId: conversation.id,
      start: now,
      end: now,
    });
    await tx.flush();
    await emitEvent(tx, 'conversation.created', conversationEventData(conversation));
    if (conversation.assigneeId)
      await emitEvent(tx, 'conversation.assigned', {
        ...conversationEventData(conversation),
        previousAssigneeId: null,
        assignedBy: 'round-robin',
      });
    const message = await this.visitorMessage(
      tx,
      input.inbox,
      conversation,
      input.content,
      input.emailMessageId ?? null,
      input.attachments ?? [],
    );
    return { conversation, message };
  }

  /** A message from the visitor: reopens a resolved or snoozed conversation; the visitor starts waiting. */
  async visitorMessage(
    tx: EntityManager,
    inbox: Inbox,
    conversation: Conversation,
    content: string,
    emailMessageId: string | null = null,
    attachments: AttachmentBytes[] = [],
  ): Promise<Message> {
    if (conversation.status === 'closed')
      throw new DomainError('CONFLICT', 'The conversation is closed: start a new one', {
        field: 'status',
        received: 'closed',
      });
    const now = this.now();
    if (conversation.status === 'resolved' || conversation.status === 'snoozed') this.reopen(conversation, now);
    conversation.waitingSince ??= now;
    conversation.lastActivityAt = now;
    conversation.updatedAt = now;
    const message = this.message(tx, conversation, {
      type: 'incoming',
      senderType: 'visitor',
      authorId: null,
      content,
      emailMessageId,
      attachments,
      at: now,
    });
    recordReporting(tx, { name: 'incoming_message', inbox, conversationId: conversation.id, start: now, end: now });
    await tx.flush();
    await emitEvent(tx, 'message.received', messageEventData(conversation, message));
    return message;
  }

  /**
   * A reply (reaches the visitor) or a note (agents only). The first reply of a cycle is the first response
   * (from the start or the last reopen); later replies to a waiting visitor are reply times.
   */
  async agentMessage(tx: EntityManager, input: AgentMessage): Promise<Message> {
    const { conversation, inbox } = input;
    const now = this.now();
    const message = this.message(tx, conversation, {
      type: input.type,
      senderType: input.authorId ? 'agent' : 'inbox',
      authorId: input.authorId,
      content: input.content,
      cannedResponseId: input.cannedResponseId ?? null,
      emailMessageId: input.emailMessageId ?? null,
      attachments: input.attachments ?? [],
      at: now,
    });
    conversation.updatedAt = now;
    if (input.type === 'note') {
      await tx.flush();
      return message;
    }
    const userId = input.authorId ?? conversation.assigneeId;
    const firstOfCycle =
      !conversation.firstReplyAt ||
      (conversation.lastReopenedAt !== null && conversation.firstReplyAt < conversation.lastReopenedAt);
    if (firstOfCycle) {
      recordReporting(tx, {
        name: 'first_response',
        inbox,
        conversationId: conversation.id,
        userId,
        start: conversation.lastReopenedAt ?? conversation.createdAt,
        end: now,
        timed: true,
      });
      conversation.firstReplyAt = now;
    } else if (conversation.waitingSince) {
      recordReporting(tx, {
        name: 'reply_time',
        inbox,
        conversationId: conversation.id,
        userId,
        start: conversation.waitingSince,
        end: now,
        timed: true,
      });
    }
    recordReporting(tx, {
      name: 'outgoing_message',
      inbox,
      conversationId: conversation.id,
      userId,
      start: now,
      end: now,
    });
    conversation.waitingSince = null;
    conversation.lastActivityAt = now;
    await tx.flush();
    await emitEvent(tx, 'message.sent', messageEventData(conversation, message));
    await emitEvent(tx, 'conversation.replied', {
      ...conversationEventData(conversation),
      messageId: message.id,
      authorId: input.authorId,
    });
    return message;
  }

  /** PUT status, the snooze job and visitor messages all move statuses through here. */
  async setStatus(
    tx: EntityManager,
    inbox: Inbox,
    conversation: Conversation,
    status: ConversationStatus,
    snoozedUntil: Date | null = null,
  ): Promise<void> {
    const now = this.now();
    const from = conversation.status;
    if (status === 'open' || status === 'pending') {
      if (from === 'resolved' || from === 'closed' || from === 'snoozed') this.reopen(conversation, now);
      conversation.status = status;
    } else if (status === 'snoozed') {
      conversation.status = 'snoozed';
      conversation.snoozedUntil = snoozedUntil;
    } else if (status === 'resolved') {
      conversation.status = 'resolved';
      conversation.snoozedUntil = null;
      conversation.waitingSince = null;
      conversation.resolvedAt = now;
      recordReporting(tx, {
        name: 'conversation_resolved',
        inbox,
        conversationId: conversation.id,
        userId: conversation.assigneeId,
        start: conversation.createdAt,
        end: now,
        timed: true,
      });
    } else {
      conversation.status = 'closed';
      conversation.snoozedUntil = null;
      conversation.waitingSince = null;
      conversation.closedAt = now;
    }
    conversation.updatedAt = now;
    await tx.flush();
    if (status === 'resolved' && from !== 'resolved')
      await emitEvent(tx, 'conversation.resolved', {
        ...conversationEventData(conversation),
        resolvedAt: now.toISOString(),
      });
    if (status === 'closed' && from !== 'closed')
      await emitEvent(tx, 'conversation.closed', {
        ...conversationEventData(conversation),
        closedAt: now.toISOString(),
      });
  }

  private reopen(conversation: Conversation, now: Date): void {
    conversation.status = 'open';
    conversation.snoozedUntil = null;
    conversation.lastReopenedAt = now;
  }

  private message(
    tx: EntityManager,
    conversation: Conversation,
    m: {
      type: MessageType;
      senderType: string;
      authorId: string | null;
      content: string;
      cannedResponseId?: string | null;
      emailMessageId: string | null;
      attachments: AttachmentBytes[];
      at: Date;
    },
  ): Message {
    const id = newId('msg');
    const metas: AttachmentMeta[] = m.attachments.map((a) => {
      const meta = { id: newId('att'), filename: a.filename, contentType: a.contentType, size: a.content.length };
      tx.create(Attachment, {
        ...meta,
        messageId: id,
        conversationId: conversation.id,
        content: a.content,
        createdAt: m.at,
      } as never);
      return meta;
    });
    return tx.create(Message, {
      id,
      conversationId: conversation.id,
      type: m.type,
      senderType: m.senderType,
      authorId: m.authorId,
      content: m.content,
      cannedResponseId: m.cannedResponseId ?? null,
      emailMessageId: m.emailMessageId,
      attachments: metas,
      createdAt: m.at,
    } as never);
  }
}
