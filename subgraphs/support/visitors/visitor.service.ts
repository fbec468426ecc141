import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors/domain-error.js';
import { emitEvent } from '../../../platform/events/emit-event.js';
import { findPage } from '../../../platform/orm/find-page.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { Visitor } from '../entities/visitor.entity.js';
import { VisitorSession } from '../entities/visitor-session.entity.js';
import { VisitorEvent } from '../entities/visitor-event.entity.js';
import { Conversation } from '../entities/conversation.entity.js';
import { SupportCompany } from '../entities/company.entity.js';
import { resolveSupportPage, supportPageMeta, validation } from '../shared/support-page.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { conversationView } from '../conversations/conversation-view.js';
import type { ConversationList } from '../conversations/conversation.types.js';
import type {
  SessionList,
  SessionView,
  VisitorCompanyInput,
  VisitorEventList,
  VisitorEventView,
  VisitorExport,
  VisitorList,
  VisitorListArgs,
  VisitorUpdateInput,
  VisitorView,
} from './visitor.types.js';

export function visitorView(v: Visitor): VisitorView {
  return {
    id: v.id,
    name: v.name,
    email: v.email,
    emailVerified: v.emailVerifiedAt !== null,
    attributes: v.attributes,
    companyId: v.companyId,
    identified: v.email !== null,
    identifiedAt: v.identifiedAt,
    anonymizedAt: v.anonymizedAt,
    lastSeenAt: v.lastSeenAt,
    inboxId: v.inboxId,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}

const sessionView = (s: VisitorSession): SessionView => ({
  id: s.id,
  visitorId: s.visitorId,
  pageUrl: s.pageUrl,
  referrer: s.referrer,
  userAgent: s.userAgent,
  createdAt: s.createdAt,
});
const eventView = (e: VisitorEvent): VisitorEventView => ({
  id: e.id,
  visitorId: e.visitorId,
  sessionId: e.sessionId,
  name: e.name,
  properties: e.properties,
  createdAt: e.createdAt,
});

/** What anonymization leaves of a visitor's message bodies. */
export const REDACTED = '[redacted]';

/** Attribute objects are merged: a null value removes the key. At most 100 keys, 16 KB of JSON. */
export function mergeAttributes(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const next = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > 100)
    throw validation('attributes', Object.keys(next).length, 'at most 100 keys', 'Too many attributes');
  if (JSON.stringify(next).length > 16_384)
    throw validation('attributes', 'object', 'at most 16 KB of JSON', 'Attributes are too large');
  return next;
}

/**
 * Sets name and email and emits `visitor.updated` (the fields that changed) and, when an email arrives for the
 * first time, `visitor.identified`; the CRM contact of that email then carries the visitor's conversations.
 */
/**
 * `verified` says whether the email can be trusted (the API, a signed widget identity) or is only the visitor's
 * claim: a claimed email is kept on the visitor but leaves it out of the CRM contact of that email.
 */
export async function applyVisitorChanges(
  tx: EntityManager,
  visitor: Visitor,
  changes: { name?: string | null; email?: string | null; attributes?: Record<string, unknown> | null },
  now: Date,
  verified = true,
): Promise<void> {
  const changed: string[] = [];
  const newEmail = changes.email === undefined ? undefined : (changes.email?.toLowerCase() ?? null);
  if (newEmail !== undefined && newEmail !== visitor.email)
    visitor.emailVerifiedAt = verified && newEmail !== null ? now : null;
  else if (newEmail && verified && !visitor.emailVerifiedAt) {
    visitor.emailVerifiedAt = now;
    changed.push('emailVerified');
  }
  if (changes.name !== undefined && changes.name !== visitor.name) {
    visitor.name = changes.name;
    changed.push('name');
  }
  const email = changes.email === undefined ? undefined : (changes.email?.toLowerCase() ?? null);
  const identifies = email !== undefined && email !== null && visitor.email === null;
  if (email !== undefined && email !== visitor.email) {
    visitor.email = email;
    changed.push('email');
  }
  if (changes.attributes) {
    visitor.attributes = mergeAttributes(visitor.attributes, changes.attributes);
    changed.push('attributes');
  }
  if (identifies) visitor.identifiedAt = now;
  if (changed.length === 0) return;
  visitor.updatedAt = now;
  await tx.flush();
  const data = {
    visitorId: visitor.id,
    name: visitor.name,
    email: visitor.email,
    attributes: visitor.attributes,
    companyId: visitor.companyId,
  };
  if (identifies) await emitEvent(tx, 'visitor.identified', data);
  await emitEvent(tx, 'visitor.updated', { ...data, changes: changed });
}

/** Visitors as the API sees them: list, profile, sessions, events, export and anonymization. */
export class VisitorService {
  constructor(private readonly deps: SupportDeps) {}

  async find(em: EntityManager, id: string): Promise<Visitor> {
    const visitor = await em.findOne(Visitor, { id });
    if (!visitor) throw notFound('Visitor');
    return visitor;
  }

  async list(em: EntityManager, args: VisitorListArgs): Promise<VisitorList> {
    const page = resolveSupportPage(args);
    const where: Record<string, unknown> = {};
    if (args.search) {
      const like = `%${args.search.replace(/[\\%_]/g, '\\$&')}%`;
      where.$or = [{ name: { $ilike: like } }, { email: { $ilike: like } }];
    }
    if (args.identified === true) where.email = { $ne: null };
    if (args.identified === false) where.email = null;
    if (args.companyId) where.companyId = args.companyId;
    const { rows, total } = await findPage(em, Visitor, where, {
      limit: page.limit,
      offset: page.offset,
      orderBy: { createdAt: 'desc', id: 'desc' },
    });
    return { data: rows.map(visitorView), meta: supportPageMeta(page, total) };
  }

  async get(em: EntityManager, id: string): Promise<VisitorView> {
    return visitorView(await this.find(em, id));
  }

  async update(em: EntityManager, id: string, input: VisitorUpdateInput): Promise<VisitorView> {
    return em.transactional(async (tx) => {
      const visitor = await this.find(tx, id);
      await applyVisitorChanges(tx, visitor, input, this.deps.clock.now());
      return visitorView(visitor);
    });
  }

  /** Removes the visitor with its sessions, events and conversations. */
  async remove(em: EntityManager, id: string): Promise<boolean> {
    await em.removeAndFlush(await this.find(em, id));
    return true;
  }

  async sessions(em: EntityManager, id: string, args: { page?: number; limit?: number }): Promise<SessionList> {
    await this.find(em, id);
    const page = resolveSupportPage(args);
    const { rows, total } = await findPage(
      em,
      VisitorSession,
      { visitorId: id },
      { limit: page.limit, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { data: rows.map(sessionView), meta: supportPageMeta(page, total) };
  }

  async events(em: EntityManager, id: string, args: { page?: number; limit?: number }): Promise<VisitorEventList> {
    await this.find(em, id);
    const page = resolveSupportPage(args);
    const { rows, total } = await findPage(
      em,
      VisitorEvent,
      { visitorId: id },
      { limit: page.limit, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { data: rows.map(eventView), meta: supportPageMeta(page, total) };
  }

  async conversations(
    em: EntityManager,
    id: string,
    args: { page?: number; limit?: number },
  ): Promise<ConversationList> {
    await this.find(em, id);
    const page = resolveSupportPage(args);
    const { rows, total } = await findPage(
      em,
      Conversation,
      { visitorId: id },
      { limit: page.limit, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { data: rows.map(conversationView), meta: supportPageMeta(page, total) };
  }

  async setCompany(em: EntityManager, id: string, input: VisitorCompanyInput): Promise<VisitorView> {
    return em.transactional(async (tx) => {
      const visitor = await this.find(tx, id);
      if (input.companyId && !(await tx.findOne(SupportCompany, { id: input.companyId }))) {
        throw validation('companyId', input.companyId, 'the id of a company of this organization', 'Unknown company');
      }
      if (visitor.companyId !== (input.companyId ?? null)) {
        visitor.companyId = input.companyId ?? null;
        visitor.updatedAt = this.deps.clock.now();
        await tx.flush();
        await emitEvent(tx, 'visitor.updated', {
          visitorId: visitor.id,
          name: visitor.name,
          email: visitor.email,
          attributes: visitor.attributes,
          companyId: visitor.companyId,
          changes: ['companyId'],
        });
      }
      return visitorView(visitor);
    });
  }

  async export(em: EntityManager, id: string): Promise<VisitorExport> {
    const visitor = await this.find(em, id);
    const [sessions, events, conversations] = await Promise.all([
      em.find(VisitorSession, { visitorId: id }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
      em.find(VisitorEvent, { visitorId: id }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
      em.find(Conversation, { visitorId: id }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
    ]);
    return {
      visitor: visitorView(visitor),
      sessions: sessions.map(sessionView),
      events: events.map(eventView),
      conversations: conversations.map(conversationView),
      exportedAt: this.deps.clock.now(),
    };
  }

  /**
   * Irreversible: name, email, attributes, session details, event properties and the bodies (and attachments) of
   * the visitor's own messages are erased; conversations, statuses, agent replies and metrics stay. A second call
   * changes nothing and emits nothing.
   */
  async anonymize(em: EntityManager, id: string): Promise<VisitorView> {
    return em.transactional(async (tx) => {
      const visitor = await this.find(tx, id);
      if (visitor.anonymizedAt) return visitorView(visitor);
      const now = this.deps.clock.now();
      Object.assign(visitor, {
        name: null,
        email: null,
        emailVerifiedAt: null,
        attributes: {},
        tokenHash: null,
        anonymizedAt: now,
        updatedAt: now,
      });
      await tx.flush();
      const db = tenantSql(tx);
      await db.run(sql`update support.messages m set content = ${REDACTED}, attachments = '[]'::jsonb, redacted = true
        from support.conversations c
        where m.organization_id = ${ORG} and c.organization_id = ${ORG} and m.conversation_id = c.id and c.visitor_id = ${id} and m.type = 'incoming'`);
      await db.run(sql`delete from support.attachments a using support.messages m
        where a.organization_id = ${ORG} and m.organization_id = a.organization_id and a.message_id = m.id and m.redacted`);
      await db.run(
        sql`update support.visitor_sessions set page_url = null, referrer = null, user_agent = null where organization_id = ${ORG} and visitor_id = ${id}`,
      );
      await db.run(
        sql`update support.visitor_events set properties = '{}'::jsonb where organization_id = ${ORG} and visitor_id = ${id}`,
      );
      await emitEvent(tx, 'visitor.updated', {
        visitorId: visitor.id,
        name: null,
        email: null,
        attributes: {},
        companyId: visitor.companyId,
        changes: ['anonymized'],
      });
      return visitorView(visitor);
    });
  }
}
