import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { MailMessage } from '../entities/mail-message.entity.js';
import { findMailbox } from '../mailboxes/mailbox.service.js';
import { mailboxPage } from '../shared/mailbox-page.js';
import { fullMessage, messageItem } from '../messages/message-view.js';
import type { BulkResult, MessageList, MailboxMessageView } from '../messages/message.types.js';

/** Inbox filters of GET /mailboxes/{id}/inbox. */
export interface InboxFilter {
  limit?: number | null;
  offset?: number | null;
  unread?: boolean | null;
  label?: string | null;
  from?: string | null;
  after?: string | null;
  before?: string | null;
  sort?: string | null;
  archived?: boolean | null;
}

/** Large columns an inbox item does not show (the full message loads them). */
const LIST_EXCLUDES = ['text', 'headers'] as const;

const SORTS: Record<string, keyof MailMessage> = { received_at: 'receivedAt', subject: 'subject', from: 'fromAddress' };

/** The inbox (received messages), one message, full-text search, and the bulk state changes. */
export class MailboxInboxService {
  async list(em: EntityManager, mailboxId: string, f: InboxFilter): Promise<MessageList> {
    const mailbox = await findMailbox(em, mailboxId);
    const page = mailboxPage(f.limit, f.offset);
    const where: Record<string, unknown> = {
      mailboxId: mailbox.id,
      direction: 'inbound',
      archived: f.archived ?? false,
    };
    if (f.unread != null) where.read = !f.unread;
    if (f.label) where.labels = { $contains: [f.label] };
    if (f.from) where.fromAddress = f.from.trim().toLowerCase();
    const range: Record<string, Date> = {};
    if (f.after) range.$gt = date(f.after, 'after');
    if (f.before) range.$lt = date(f.before, 'before');
    if (Object.keys(range).length > 0) where.receivedAt = range;
    const [field, direction] = sortOf(f.sort);
    const [rows, total] = await em.findAndCount(MailMessage, where, {
      limit: page.limit,
      offset: page.offset,
      orderBy: { [field]: direction, id: direction },
      exclude: LIST_EXCLUDES,
    });
    return { data: rows.map(messageItem), meta: { total, ...page } };
  }

  /** The full message; `markRead` marks it read first. */
  async get(em: EntityManager, id: string, markRead: boolean): Promise<MailboxMessageView> {
    const message = await em.findOne(MailMessage, { id }, { populate: ['html', 'attachments'] });
    if (!message) throw new DomainError('MESSAGE_NOT_FOUND', 'Message not found');
    if (markRead && !message.read) {
      message.read = true;
      await em.flush();
    }
    return fullMessage(message);
  }

  /**
   * PostgreSQL full-text search over subject, sender and text (GIN index), ranked; `websearch_to_tsquery` syntax:
   * words, "quoted phrases", OR, -excluded. Every message of the mailbox, sent and archived ones included.
   */
  async search(
    em: EntityManager,
    mailboxId: string,
    query: string,
    limit?: number | null,
    offset?: number | null,
  ): Promise<MessageList> {
    const mailbox = await findMailbox(em, mailboxId);
    const page = mailboxPage(limit, offset, { limit: 20, max: 100 });
    const q = query.trim();
    if (q.length === 0 || q.length > 500)
      throw new DomainError('VALIDATION_ERROR', 'query must be 1 to 500 characters', {
        field: 'query',
        received: q.slice(0, 100),
        expected: '1..500 characters',
      });
    // One pass over the matches keeps only (id, rank, received_at) per match: the rank is computed once per match and
    // the count comes from the same rows (a window count over the full rows carried every tsvector to the sort).
    const rows = await tenantSql(em).rows<{ id: string; total: string }>(sql`
      with matches as materialized (
        select id, received_at, ts_rank_cd(search, query) as rank
        from mailboxes.messages, websearch_to_tsquery('english', ${q}) as query
        where organization_id = ${ORG} and mailbox_id = ${mailbox.id} and search @@ query)
      select id, (select count(*) from matches) as total from matches
      order by rank desc, received_at desc, id
      limit ${page.limit} offset ${page.offset}`);
    const found =
      rows.length > 0
        ? await em.find(MailMessage, { id: { $in: rows.map((r) => r.id) } }, { exclude: LIST_EXCLUDES })
        : [];
    const byId = new Map(found.map((m) => [m.id, m]));
    const total =
      rows.length > 0 ? Number(rows[0]!.total) : page.offset === 0 ? 0 : await this.countMatches(em, mailbox.id, q);
    return {
      data: rows
        .map((r) => byId.get(r.id))
        .filter((m) => m !== undefined)
        .map((m) => messageItem(m!)),
      meta: { total, ...page },
    };
  }

  /** read, unread, archived, unarchived; every id must be a message of the organization (else 404, nothing changes). */
  async bulk(
    em: EntityManager,
    ids: string[],
    change: Partial<Pick<MailMessage, 'read' | 'archived'>>,
  ): Promise<BulkResult> {
    const unique = [...new Set(ids)];
    return em.transactional(async (tx) => {
      const found = await tx.find(MailMessage, { id: { $in: unique } }, { fields: ['id'] });
      if (found.length !== unique.length)
        throw new DomainError(
          'MESSAGE_NOT_FOUND',
          `Message not found: ${unique.find((id) => !found.some((m) => m.id === id))}`,
        );
      const updated = await tx.nativeUpdate(MailMessage, { id: { $in: unique } }, change);
      return { messageIds: unique, updated };
    });
  }

  /** Deletes messages; their threads' counts follow, and a thread left empty goes too. */
  async delete(em: EntityManager, ids: string[]): Promise<BulkResult> {
    const unique = [...new Set(ids)];
    return em.transactional(async (tx) => {
      const found = await tx.find(MailMessage, { id: { $in: unique } }, { fields: ['id', 'threadId'] });
      if (found.length !== unique.length)
        throw new DomainError(
          'MESSAGE_NOT_FOUND',
          `Message not found: ${unique.find((id) => !found.some((m) => m.id === id))}`,
        );
      const threadIds = [...new Set(found.map((m) => m.threadId))];
      const deleted = await tx.nativeDelete(MailMessage, { id: { $in: unique } });
      const db = tenantSql(tx);
      await db.run(sql`
        update mailboxes.threads t set message_count = c.n, last_message_at = c.last
        from (select thread_id, count(*)::int as n, max(received_at) as last from mailboxes.messages
              where organization_id = ${ORG} and thread_id in (${threadIds}) group by thread_id) c
        where t.organization_id = ${ORG} and t.id = c.thread_id`);
      await db.run(sql`
        delete from mailboxes.threads t where t.organization_id = ${ORG} and t.id in (${threadIds})
          and not exists (select 1 from mailboxes.messages m where m.organization_id = t.organization_id and m.thread_id = t.id)`);
      return { messageIds: unique, updated: deleted };
    });
  }

  private async countMatches(em: EntityManager, mailboxId: string, q: string): Promise<number> {
    const row = await tenantSql(em).one<{ n: string }>(sql`
      select count(*) as n from mailboxes.messages where organization_id = ${ORG} and mailbox_id = ${mailboxId}
        and search @@ websearch_to_tsquery('english', ${q})`);
    return Number(row?.n ?? 0);
  }
}

function sortOf(sort: string | null | undefined): [keyof MailMessage, 'asc' | 'desc'] {
  if (!sort) return ['receivedAt', 'desc'];
  const [name, dir = 'desc'] = sort.split(':');
  const field = SORTS[name ?? ''];
  if (!field || (dir !== 'asc' && dir !== 'desc')) {
    throw new DomainError('VALIDATION_ERROR', 'sort must look like received_at:desc', {
      field: 'sort',
      received: sort,
      expected: Object.keys(SORTS).flatMap((k) => [`${k}:asc`, `${k}:desc`]),
    });
  }
  return [field, dir];
}

function date(value: string, field: string): Date {
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(d.getTime()))
    throw new DomainError('VALIDATION_ERROR', `${field} must be an ISO 8601 date`, {
      field,
      received: value,
      expected: 'ISO 8601',
    });
  return d;
}
