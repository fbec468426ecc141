import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { MailMessage } from '../entities/mail-message.entity.js';
import { MailThread } from '../entities/mail-thread.entity.js';
import { findMailbox } from '../mailboxes/mailbox.service.js';
import { mailboxPage } from '../shared/mailbox-page.js';
import { fullMessage } from '../messages/message-view.js';
import type { ThreadList, ThreadView } from './thread.types.js';

const SORTS: Record<string, keyof MailThread> = {
  last_message_at: 'lastMessageAt',
  created_at: 'createdAt',
  subject: 'subject',
};

/** Thread lists of a mailbox and one thread with its messages. */
export class ThreadService {
  async list(
    em: EntityManager,
    mailboxId: string,
    limit?: number | null,
    offset?: number | null,
    sort?: string | null,
  ): Promise<ThreadList> {
    const mailbox = await findMailbox(em, mailboxId);
    const page = mailboxPage(limit, offset);
    const [field, dir] = sortOf(sort);
    const [threads, total] = await em.findAndCount(
      MailThread,
      { mailboxId: mailbox.id },
      { limit: page.limit, offset: page.offset, orderBy: { [field]: dir, id: dir } },
    );
    const unread = await unreadCounts(
      em,
      threads.map((t) => t.id),
    );
    return { data: threads.map((t) => threadView(t, unread.get(t.id) ?? 0)), meta: { total, ...page } };
  }

  async get(em: EntityManager, id: string): Promise<ThreadView> {
    const thread = await em.findOne(MailThread, { id });
    if (!thread) throw new DomainError('NOT_FOUND', 'Thread not found');
    const messages = await em.find(
      MailMessage,
      { threadId: thread.id },
      { orderBy: { receivedAt: 'asc', id: 'asc' }, populate: ['html', 'attachments'] },
    );
    const unread = messages.filter((m) => !m.read).length;
    return { ...threadView(thread, unread), messages: messages.map(fullMessage) };
  }
}

async function unreadCounts(em: EntityManager, threadIds: string[]): Promise<Map<string, number>> {
  if (threadIds.length === 0) return new Map();
  const rows = await tenantSql(em).rows<{ thread_id: string; n: number }>(sql`
    select thread_id, count(*)::int as n from mailboxes.messages
    where organization_id = ${ORG} and thread_id in (${threadIds}) and not read group by thread_id`);
  return new Map(rows.map((r) => [r.thread_id, r.n]));
}

function threadView(t: MailThread, unreadCount: number): ThreadView {
  return {
    id: t.id,
    mailboxId: t.mailboxId,
    subject: t.subject,
    participants: t.participants,
    messageCount: t.messageCount,
    unreadCount,
    lastMessageAt: t.lastMessageAt,
    createdAt: t.createdAt,
  };
}

function sortOf(sort: string | null | undefined): [keyof MailThread, 'asc' | 'desc'] {
  if (!sort) return ['lastMessageAt', 'desc'];
  const [name, dir = 'desc'] = sort.split(':');
  const field = SORTS[name ?? ''];
  if (!field || (dir !== 'asc' && dir !== 'desc')) {
    throw new DomainError('VALIDATION_ERROR', 'sort must look like last_message_at:desc', {
      field: 'sort',
      received: sort,
      expected: Object.keys(SORTS).flatMap((k) => [`${k}:asc`, `${k}:desc`]),
    });
  }
  return [field, dir];
}
