import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { newId, randomBase64url } from '../../../platform/ids/ids.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { crossTenantSql, sql } from '../../../platform/orm/tenant-sql.js';
import { Inbox } from '../entities/inbox.entity.js';
import { Visitor } from '../entities/visitor.entity.js';
import { VisitorSession } from '../entities/visitor-session.entity.js';
import { VisitorEvent } from '../entities/visitor-event.entity.js';
import { Conversation } from '../entities/conversation.entity.js';
import { Message } from '../entities/message.entity.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { ConversationFlow } from '../conversations/conversation-flow.js';
import { applyVisitorChanges, mergeAttributes } from '../visitors/visitor.service.js';
import { writeVisitorMessage } from './visitor-message.write.js';
import type { WidgetConversationView, WidgetEventInput, WidgetIdentifyInput, WidgetMessageInput, WidgetMessageView, WidgetSession, WidgetSessionInput } from './widget.types.js';

export const hashVisitorToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function widgetMessageView(m: Message): WidgetMessageView {
  return { id: m.id, conversationId: m.conversationId, type: m.type, content: m.content, attachments: m.attachments, createdAt: m.createdAt };
}

/** What a widget call is allowed to touch: the inbox of its widget token, the visitor of its visitor token. */
export interface WidgetScope {
  em: EntityManager;
  inbox: Inbox;
  visitor: Visitor;
}

const unauthorized = (what: string) => new DomainError('UNAUTHORIZED', `Missing or invalid ${what}`);

/**
 * The public widget: a browser holding an inbox's widget token starts a session (and gets a visitor token), reports
 * events, identifies the visitor, starts and continues conversations and reads them (notes never included).
 */
export class WidgetService {
  private readonly flow: ConversationFlow;

  constructor(private readonly deps: SupportDeps) {
    this.flow = new ConversationFlow(deps);
  }

  /** The inbox of a widget token and an EntityManager scoped to its organization. */
  async inboxOf(root: EntityManager, widgetToken: string | null | undefined): Promise<{ em: EntityManager; inbox: Inbox }> {
    if (!widgetToken || widgetToken.length > 200) throw unauthorized('X-Widget-Token');
    // Cross-tenant by design: the token is what names the organization.
    const found = await root.fork().findOne(Inbox, { widgetToken }, { filters: false });
    if (!found) throw unauthorized('X-Widget-Token');
    const em = forkForTenant(root, found.organizationId);
    // The row just read, handed to the organization's EntityManager (no second read of it on every widget call).
    return { em, inbox: em.merge(found) };
  }

  /**
   * The inbox of the widget token and the visitor of the visitor token (in the inbox's organization) in one
   * round trip: every widget call starts here.
   */
  async scope(root: EntityManager, widgetToken: string | null | undefined, visitorToken: string | null | undefined): Promise<WidgetScope> {
    if (!widgetToken || widgetToken.length > 200) throw unauthorized('X-Widget-Token');
    if (!visitorToken || visitorToken.length > 200) {
      await this.inboxOf(root, widgetToken); // a bad widget token is reported first
      throw unauthorized('X-Visitor-Token');
    }
    // Cross-tenant by design: the widget token is what names the organization.
    const [found] = await crossTenantSql(root, 'support widget: the widget token names the organization').rows<{ inbox: { organization_id: string }; visitor: object | null }>(sql`
      select to_jsonb(i) as inbox, to_jsonb(v) as visitor
      from support.inboxes i left join support.visitors v on v.organization_id = i.organization_id and v.token_hash = ${hashVisitorToken(visitorToken)}
      where i.widget_token = ${widgetToken}`);
    if (!found) throw unauthorized('X-Widget-Token');
    if (!found.visitor) throw unauthorized('X-Visitor-Token');
    const em = forkForTenant(root, found.inbox.organization_id);
    return { em, inbox: em.map(Inbox, found.inbox), visitor: em.map(Visitor, found.visitor) };
  }

  /** A new visitor (and token) unless a valid visitor token comes along; always a new session. */
  async startSession(root: EntityManager, widgetToken: string | null, visitorToken: string | null, input: WidgetSessionInput): Promise<WidgetSession> {
    const { em, inbox } = await this.inboxOf(root, widgetToken);
    const now = this.deps.clock.now();
    return em.transactional(async (tx) => {
      let visitor = visitorToken ? await tx.findOne(Visitor, { tokenHash: hashVisitorToken(visitorToken) }) : null;
      let token = visitorToken;
      if (!visitor) {
        token = `vt_${randomBase64url(32)}`;
        visitor = tx.create(Visitor, { id: newId('vis'), tokenHash: hashVisitorToken(token), inboxId: inbox.id, createdAt: now, updatedAt: now } as never);
      }
      visitor.lastSeenAt = now;
      const session = tx.create(VisitorSession, { id: newId('vsess'), visitorId: visitor.id, pageUrl: input.pageUrl ?? null, referrer: input.referrer ?? null, userAgent: input.userAgent ?? null, createdAt: now } as never);
      await tx.flush();
      return { visitorId: visitor.id, visitorToken: token!, sessionId: session.id, inboxName: inbox.name };
    });
  }

  async recordEvent(root: EntityManager, widgetToken: string | null, visitorToken: string | null, input: WidgetEventInput): Promise<boolean> {
    const { em, visitor } = await this.scope(root, widgetToken, visitorToken);
    const now = this.deps.clock.now();
    em.create(VisitorEvent, { id: newId('vevt'), visitorId: visitor.id, sessionId: input.sessionId ?? null, name: input.name, properties: mergeAttributes({}, input.properties ?? {}), createdAt: now } as never);
    visitor.lastSeenAt = now;
    await em.flush();
    return true;
  }

  async identify(root: EntityManager, widgetToken: string | null, visitorToken: string | null, input: WidgetIdentifyInput): Promise<{ visitorId: string; email: string | null; name: string | null }> {
    const { em, visitor } = await this.scope(root, widgetToken, visitorToken);
    return em.transactional(async (tx) => {
      const current = await tx.findOneOrFail(Visitor, { id: visitor.id });
      await applyVisitorChanges(tx, current, { email: input.email, ...(input.name ? { name: input.name } : {}) }, this.deps.clock.now());
      return { visitorId: current.id, email: current.email, name: current.name };
    });
  }

  async startConversation(root: EntityManager, widgetToken: string | null, visitorToken: string | null, input: WidgetMessageInput): Promise<WidgetConversationView> {
    const { em, inbox, visitor } = await this.scope(root, widgetToken, visitorToken);
    const { conversation } = await em.transactional((tx) => this.flow.start(tx, { inbox, visitor, content: input.message, channel: 'widget' }));
    return this.conversation(em, conversation);
  }

  async postMessage(root: EntityManager, widgetToken: string | null, visitorToken: string | null, conversationId: string, input: WidgetMessageInput): Promise<WidgetMessageView> {
    const { em, inbox, visitor } = await this.scope(root, widgetToken, visitorToken);
    return writeVisitorMessage(em, inbox, visitor, conversationId, input.message, this.flow.now());
  }

  async getConversation(root: EntityManager, widgetToken: string | null, visitorToken: string | null, conversationId: string): Promise<WidgetConversationView> {
    const { em, inbox, visitor } = await this.scope(root, widgetToken, visitorToken);
    return this.conversation(em, await this.own(em, inbox, visitor, conversationId));
  }

  /** The visitor's conversations in this inbox, newest first. */
  async listConversations(root: EntityManager, widgetToken: string | null, visitorToken: string | null): Promise<WidgetConversationView[]> {
    const { em, inbox, visitor } = await this.scope(root, widgetToken, visitorToken);
    const rows = await em.find(Conversation, { inboxId: inbox.id, visitorId: visitor.id }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 100 });
    return Promise.all(rows.map((c) => this.conversation(em, c)));
  }

  /** Another visitor's conversation, or another inbox's, is not found. */
  async own(em: EntityManager, inbox: Inbox, visitor: Visitor, conversationId: string): Promise<Conversation> {
    const conversation = await em.findOne(Conversation, { id: conversationId, inboxId: inbox.id, visitorId: visitor.id });
    if (!conversation) throw notFound('Conversation');
    return conversation;
  }

  private async conversation(em: EntityManager, conversation: Conversation): Promise<WidgetConversationView> {
    const messages = await em.find(Message, { conversationId: conversation.id, type: { $ne: 'note' } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return { id: conversation.id, status: conversation.status, createdAt: conversation.createdAt, messages: messages.map(widgetMessageView) };
  }
}
