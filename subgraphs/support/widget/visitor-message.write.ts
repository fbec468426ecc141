import type { EntityManager } from '@mikro-orm/postgresql';
import { notifyEventsOf, outboxInsert } from '../../../platform/events/emit-event.js';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { ORG, sql, sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';
import type { Inbox } from '../entities/inbox.entity.js';
import type { Visitor } from '../entities/visitor.entity.js';
import type { WidgetMessageView } from './widget.types.js';

/**
 * A widget visitor's message to one of their own conversations in ONE statement (one round trip, atomic without
 * BEGIN/COMMIT), the hot path of live chat. The rules are ConversationFlow.visitorMessage's: a resolved or snoozed
 * conversation reopens, the visitor starts waiting (unless already), an `incoming_message` reporting row and
 * `message.received` are written; a closed conversation takes no message. The conversation's update gates the
 * message, its reporting row and its event, so all of it happens or none; the row lock of that update orders it
 * against an agent's concurrent change of status. Only when nothing was written does a second read tell a closed
 * conversation (409) from one that is not the visitor's (404). A `clientKey` already used in the conversation fails the
 * whole statement on its unique index (nothing written); the caller answers the stored message.
 */
export async function writeVisitorMessage(
  em: EntityManager,
  inbox: Inbox,
  visitor: Visitor,
  conversationId: string,
  content: string,
  now: Date,
  clientKey: string | null = null,
): Promise<WidgetMessageView> {
  const id = newId('msg');
  const message: WidgetMessageView = {
    id,
    conversationId,
    type: 'incoming',
    senderType: 'visitor',
    authorName: null,
    content,
    attachments: [],
    createdAt: now,
  };
  const event = outboxInsert(
    ORG,
    'message.received',
    {
      conversationId,
      inboxId: inbox.id,
      visitorId: visitor.id,
      message: {
        id,
        conversationId,
        type: 'incoming',
        senderType: 'visitor',
        authorId: null,
        content,
        attachments: [],
        cannedResponseId: null,
        createdAt: now.toISOString(),
      },
    },
    'from message',
  );
  const reopens = sql`c.status in ('resolved', 'snoozed')`;
  const [row] = await tenantSql(em).rows<{ written: string }>(sql`
    with conversation as (
      update support.conversations c set
        status = case when ${reopens} then 'open' else c.status end,
        snoozed_until = case when ${reopens} then null else c.snoozed_until end,
        last_reopened_at = case when ${reopens} then ${now} else c.last_reopened_at end,
        waiting_since = coalesce(c.waiting_since, ${now}), last_activity_at = ${now}, updated_at = ${now}
      where c.organization_id = ${ORG} and c.id = ${conversationId} and c.inbox_id = ${inbox.id} and c.visitor_id = ${visitor.id} and c.status <> 'closed'
      returning c.id),
    message as (
      insert into support.messages (id, organization_id, conversation_id, type, sender_type, content, attachments, client_key, created_at)
      select ${id}, ${ORG}, conversation.id, 'incoming', 'visitor', ${content}, '[]', ${clientKey}, ${now} from conversation
      returning organization_id),
    reporting as (
      insert into support.reporting_events (id, organization_id, name, inbox_id, conversation_id, event_start_time, event_end_time)
      select ${newId('rep')}, ${ORG}, 'incoming_message', ${inbox.id}, conversation.id, ${now}, ${now} from conversation),
    event as (${sqlOf(event.sql, event.params)})
    select (select count(*) from message) as written, (${sqlOf(notifyEventsOf('event'), [])})`);
  if (Number(row!.written) === 1) return message;
  const [current] = await tenantSql(em).rows<{ status: string }>(sql`
    select status from support.conversations where organization_id = ${ORG} and id = ${conversationId} and inbox_id = ${inbox.id} and visitor_id = ${visitor.id}`);
  if (current?.status === 'closed')
    throw new DomainError('CONFLICT', 'The conversation is closed: start a new one', {
      field: 'status',
      received: 'closed',
    });
  throw notFound('Conversation');
}
