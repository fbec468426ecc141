import type { Conversation } from '../entities/conversation.entity.js';
import type { Message } from '../entities/message.entity.js';
import type { ConversationView, SupportMessageView } from './conversation.types.js';

export function conversationView(c: Conversation): ConversationView {
  return {
    id: c.id,
    inboxId: c.inboxId,
    visitorId: c.visitorId,
    status: c.status,
    assigneeId: c.assigneeId,
    channel: c.channel,
    subject: c.subject,
    snoozedUntil: c.snoozedUntil,
    waitingSince: c.waitingSince,
    firstReplyAt: c.firstReplyAt,
    resolvedAt: c.resolvedAt,
    closedAt: c.closedAt,
    lastActivityAt: c.lastActivityAt,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export function messageView(m: Message): SupportMessageView {
  return {
    id: m.id,
    conversationId: m.conversationId,
    type: m.type,
    senderType: m.senderType,
    authorId: m.authorId,
    content: m.content,
    attachments: m.attachments,
    cannedResponseId: m.cannedResponseId,
    createdAt: m.createdAt,
  };
}

/** Data of the conversation.* events. */
export function conversationEventData(c: Conversation) {
  return {
    conversationId: c.id,
    inboxId: c.inboxId,
    visitorId: c.visitorId,
    status: c.status,
    assigneeId: c.assigneeId,
    channel: c.channel,
    subject: c.subject,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Data of message.received and message.sent: the conversation's keys and the message. */
export function messageEventData(c: Conversation, m: Message) {
  const view = messageView(m);
  return {
    conversationId: c.id,
    inboxId: c.inboxId,
    visitorId: c.visitorId,
    message: { ...view, createdAt: view.createdAt.toISOString() },
  };
}

/** A conversation's tags are listed by name, case-insensitively (tags added in one call share their creation time). */
export const byTagName = (a: { id: string; name: string }, b: { id: string; name: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);
