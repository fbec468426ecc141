import type { EntityManager } from '@mikro-orm/postgresql';
import type { DispatcherWakeUp } from '../../../platform/events/dispatcher-wake-up.js';
import { EVENTS_CHANNEL } from '../../../platform/events/emit-event.js';
import { newId } from '../../../platform/ids/ids.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import type { RecipientMailbox } from './recipient-mailboxes.js';
import type { StoredAttachment } from '../entities/mail-message.entity.js';
import { previewOf } from '../messages/message-view.js';
import { baseSubject } from '../shared/base-subject.js';

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

/** What was stored. */
export interface StoredInbound {
  id: string;
  threadId: string;
}

/**
 * Stores a received message in its thread and writes `message.received` (with thread and message metadata) in ONE
 * statement, its values bound as parameters (the body is not copied into the text) and prepared once per connection
 * (parsing and planning this statement were a fifth of the database's CPU per message): one round trip, atomic without BEGIN/COMMIT, or part of the transaction of `tx` when it has one (scoped
 * to the mailbox's organization). Threading is RFC 8621 section 3, as `assignThread` does for sent messages: the
 * thread of the message of this mailbox named first by In-Reply-To, then References newest first, whose base subject
 * is the same; otherwise a new thread. The thread's counters move in the same statement (no read-modify-write).
 * A Message-ID already received by this mailbox is not stored twice (a retried SMTP delivery or a re-run send job):
 * answers null then. Two deliveries racing meet the unique index (mailbox, Message-ID) of received messages: the
 * loser's statement fails (SMTP answers 451, and the sender's retry then finds the message stored).
 * The dispatcher is woken by a NOTIFY at the commit of `tx`'s transaction, or, outside any transaction, by `wake`
 * once the statement has committed: a NOTIFY in the statement would make the stores commit one at a time (see
 * DispatcherWakeUp).
 */
export async function storeInbound(
  tx: EntityManager,
  mailbox: RecipientMailbox,
  f: InboundFields,
  wake?: DispatcherWakeUp,
): Promise<StoredInbound | null> {
  const wakeAfterCommit = wake && !tx.getTransactionContext() ? wake : undefined;
  const id = newId('msg');
  const eventId = newId('evt');
  const refs = [...(f.inReplyTo ? [f.inReplyTo] : []), ...[...f.references].reverse()];
  const textPreview = previewOf(f.text, f.html);
  const at = f.receivedAt;
  const now = new Date();
  // The event's data without the thread, which the statement adds once it knows it.
  const data = {
    mailboxId: mailbox.id,
    messageId: id,
    from: f.from,
    to: f.to,
    cc: f.cc,
    subject: f.subject,
    status: 'received',
    labels: [],
    tags: [],
    receivedAt: at.toISOString(),
    message: {
      id,
      messageId: f.messageId,
      inReplyTo: f.inReplyTo,
      textPreview,
      attachmentCount: f.attachments.length,
      auth: f.auth,
    },
  };
  const [row] = await tenantSql(tx).rowsBound<{ id: string; thread_id: string }>(
    sql`
    with dup as (
      select 1 from mailboxes.messages
      where organization_id = ${ORG} and mailbox_id = ${mailbox.id} and message_id = ${f.messageId} and direction = 'inbound'),
    named as (
      select m.thread_id from mailboxes.messages m join mailboxes.threads t on t.id = m.thread_id and t.organization_id = ${ORG}
      where m.organization_id = ${ORG} and m.mailbox_id = ${mailbox.id} and m.message_id = any(${refs}::text[])
        and t.base_subject = ${baseSubject(f.subject)} and not exists (select 1 from dup)
      order by array_position(${refs}::text[], m.message_id) limit 1),
    joined as (
      update mailboxes.threads t set message_count = t.message_count + 1, last_message_at = greatest(t.last_message_at, ${at}),
        participants = t.participants || array(select a from unnest(${f.addresses}::text[]) with ordinality as u(a, n) where a <> all(t.participants) order by n)
      from named where t.organization_id = ${ORG} and t.id = named.thread_id
      returning t.*),
    created as (
      insert into mailboxes.threads (id, organization_id, mailbox_id, subject, base_subject, participants, message_count, last_message_at, created_at)
      select ${newId('thd')}, ${ORG}, ${mailbox.id}, ${f.subject}, ${baseSubject(f.subject)}, ${f.addresses}::text[], 1, ${at}, ${now}
      where not exists (select 1 from dup) and not exists (select 1 from named)
      returning *),
    thread as (select * from joined union all select * from created),
    message as (
      insert into mailboxes.messages (id, organization_id, mailbox_id, thread_id, direction, status, message_id, in_reply_to, "references", "from",
        from_address, "to", cc, addresses, subject, html, text, text_preview, headers, attachments, attachment_count, auth, received_at, created_at)
      select ${id}, ${ORG}, ${mailbox.id}, thread.id, 'inbound', 'received', ${f.messageId}, ${f.inReplyTo}, ${f.references}::text[], ${f.from},
        ${f.fromAddress}, ${f.to}::text[], ${f.cc}::text[], ${f.addresses}::text[], ${f.subject}, ${f.html}, ${f.text}, ${textPreview},
        ${JSON.stringify(f.headers)}::jsonb, ${JSON.stringify(f.attachments)}::jsonb, ${f.attachments.length}, ${f.auth ? JSON.stringify(f.auth) : null}::jsonb, ${at}, ${now}
      from thread
      returning id, thread_id),
    event as (
      insert into platform.events (id, organization_id, type, data, created_at)
      select ${eventId}, ${ORG}, 'message.received', ${JSON.stringify(data)}::jsonb || jsonb_build_object('threadId', thread.id, 'thread', jsonb_build_object(
          'id', thread.id, 'subject', thread.subject, 'messageCount', thread.message_count, 'participants', to_jsonb(thread.participants),
          'lastMessageAt', to_char(thread.last_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), ${now.toISOString()}
      from thread join message on true
      returning organization_id)
    select message.id, message.thread_id${wakeAfterCommit ? sql`` : sql`, (select pg_notify(${EVENTS_CHANNEL}, organization_id::text) from event) as notified`} from message`,
    wakeAfterCommit ? 'mailboxes_store_inbound' : 'mailboxes_store_inbound_notify',
  );
  if (row) wakeAfterCommit?.request();
  return row ? { id: row.id, threadId: row.thread_id } : null;
}
