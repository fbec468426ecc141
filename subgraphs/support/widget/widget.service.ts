import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Attachment } from '../entities/attachment.entity.js';
import { decodeAttachments } from '../conversations/conversation.service.js';
import type { AttachmentContent } from '../conversations/conversation.types.js';
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
import { ConversationFlow, type AttachmentBytes } from '../conversations/conversation-flow.js';
import { applyVisitorChanges, mergeAttributes } from '../visitors/visitor.service.js';
import { writeVisitorMessage } from './visitor-message.write.js';
import { InboxMember } from '../entities/inbox-member.entity.js';
import { secretBoxFor } from '../../../platform/crypto/encryption-key.js';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import { assertOriginAllowed } from './widget-origin.js';
import { insideWorkingHours } from './working-hours-now.js';
import { WIDGET_ATTACHMENTS_MAX_BYTES } from './widget.types.js';
import type {
  WidgetConfig,
  WidgetConversationView,
  WidgetEventInput,
  WidgetIdentifyInput,
  WidgetMessageInput,
  WidgetMessageView,
  WidgetSession,
  WidgetSessionInput,
} from './widget.types.js';

export const hashVisitorToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who wrote a message, as the visitor sees it: the agent's name, the inbox's for a reply sent as the inbox. */
export function authorNameOf(
  m: { senderType: string; authorId: string | null },
  inbox: Pick<Inbox, 'name'>,
  memberNames: ReadonlyMap<string, string | null>,
): string | null {
  if (m.senderType === 'visitor') return null;
  if (m.senderType === 'agent' && m.authorId) return memberNames.get(m.authorId) ?? 'Agent';
  return inbox.name;
}

export function widgetMessageView(m: Message, authorName: string | null = null): WidgetMessageView {
  return {
    id: m.id,
    conversationId: m.conversationId,
    type: m.type,
    senderType: m.senderType,
    authorName,
    content: m.content,
    attachments: m.attachments,
    createdAt: m.createdAt,
  };
}

/** An Idempotency-Key as stored: 1 to 200 characters, or none. */
function clientKey(value: string | null): string | null {
  if (value === null || value === '') return null;
  if (value.length > 200)
    throw new DomainError('VALIDATION_ERROR', 'Idempotency-Key holds at most 200 characters', {
      field: 'Idempotency-Key',
      expected: 'at most 200 characters',
    });
  return value;
}

/** What a widget call presents: the inbox's widget token, the visitor's token, and the page's origin. */
export interface WidgetCall {
  widgetToken: string | null | undefined;
  visitorToken: string | null | undefined;
  /** The `Origin` header of the browser's request (null from a server). */
  origin: string | null | undefined;
}

/** The visitor's files, decoded, within the widget's own limit (smaller than an agent's: anyone can post here). */
function widgetAttachments(input: WidgetMessageInput): AttachmentBytes[] {
  const decoded = decodeAttachments(input.attachments);
  const size = decoded.reduce((sum, a) => sum + a.content.length, 0);
  if (size > WIDGET_ATTACHMENTS_MAX_BYTES) {
    throw new DomainError('PAYLOAD_TOO_LARGE', 'Attachments may hold at most 10 MB per widget message', {
      field: 'attachments',
      received: size,
      expected: `at most ${WIDGET_ATTACHMENTS_MAX_BYTES} bytes in all`,
    });
  }
  return decoded;
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

  private readonly platformOrigin: string;
  private box: Promise<SecretBox> | undefined;

  constructor(private readonly deps: SupportDeps) {
    this.flow = new ConversationFlow(deps);
    this.platformOrigin = new URL(deps.config.publicUrl).origin;
  }

  /** The inbox of a widget token and an EntityManager scoped to its organization. */
  async inboxOf(
    root: EntityManager,
    { widgetToken, origin }: Omit<WidgetCall, 'visitorToken'>,
  ): Promise<{ em: EntityManager; inbox: Inbox }> {
    if (!widgetToken || widgetToken.length > 200) throw unauthorized('X-Widget-Token');
    // Cross-tenant by design: the token is what names the organization.
    const found = await root.fork().findOne(Inbox, { widgetToken }, { filters: false });
    if (!found) throw unauthorized('X-Widget-Token');
    assertOriginAllowed(found, origin, this.platformOrigin);
    const em = forkForTenant(root, found.organizationId);
    // The row just read, handed to the organization's EntityManager (no second read of it on every widget call).
    return { em, inbox: em.merge(found) };
  }

  /**
   * The inbox of the widget token and the visitor of the visitor token (in the inbox's organization) in one
   * round trip: every widget call starts here.
   */
  async scope(root: EntityManager, call: WidgetCall): Promise<WidgetScope> {
    const { widgetToken, visitorToken } = call;
    if (!widgetToken || widgetToken.length > 200) throw unauthorized('X-Widget-Token');
    if (!visitorToken || visitorToken.length > 200) {
      await this.inboxOf(root, call); // a bad widget token (or origin) is reported first
      throw unauthorized('X-Visitor-Token');
    }
    // Cross-tenant by design: the widget token is what names the organization.
    const [found] = await crossTenantSql(root, 'support widget: the widget token names the organization').rows<{
      inbox: { organization_id: string };
      visitor: object | null;
    }>(sql`
      select to_jsonb(i) as inbox, to_jsonb(v) as visitor
      from support.inboxes i left join support.visitors v on v.organization_id = i.organization_id and v.token_hash = ${hashVisitorToken(visitorToken)}
      where i.widget_token = ${widgetToken}`);
    if (!found) throw unauthorized('X-Widget-Token');
    const em = forkForTenant(root, found.inbox.organization_id);
    const inbox = em.map(Inbox, found.inbox);
    assertOriginAllowed(inbox, call.origin, this.platformOrigin);
    if (!found.visitor) throw unauthorized('X-Visitor-Token');
    return { em, inbox, visitor: em.map(Visitor, found.visitor) };
  }

  /** A new visitor (and token) unless a valid visitor token comes along; always a new session. */
  async startSession(root: EntityManager, call: WidgetCall, input: WidgetSessionInput): Promise<WidgetSession> {
    const { em, inbox } = await this.inboxOf(root, call);
    const visitorToken = call.visitorToken;
    const now = this.deps.clock.now();
    return em.transactional(async (tx) => {
      let visitor = visitorToken ? await tx.findOne(Visitor, { tokenHash: hashVisitorToken(visitorToken) }) : null;
      let token = visitorToken;
      if (!visitor) {
        token = `vt_${randomBase64url(32)}`;
        visitor = tx.create(Visitor, {
          id: newId('vis'),
          tokenHash: hashVisitorToken(token),
          inboxId: inbox.id,
          createdAt: now,
          updatedAt: now,
        } as never);
      }
      visitor.lastSeenAt = now;
      const session = tx.create(VisitorSession, {
        id: newId('vsess'),
        visitorId: visitor.id,
        pageUrl: input.pageUrl ?? null,
        referrer: input.referrer ?? null,
        userAgent: input.userAgent ?? null,
        createdAt: now,
      } as never);
      await tx.flush();
      return { visitorId: visitor.id, visitorToken: token!, sessionId: session.id, inboxName: inbox.name };
    });
  }

  async recordEvent(root: EntityManager, call: WidgetCall, input: WidgetEventInput): Promise<boolean> {
    const { em, visitor } = await this.scope(root, call);
    const now = this.deps.clock.now();
    em.create(VisitorEvent, {
      id: newId('vevt'),
      visitorId: visitor.id,
      sessionId: input.sessionId ?? null,
      name: input.name,
      properties: mergeAttributes({}, input.properties ?? {}),
      createdAt: now,
    } as never);
    visitor.lastSeenAt = now;
    await em.flush();
    return true;
  }

  async identify(
    root: EntityManager,
    call: WidgetCall,
    input: WidgetIdentifyInput,
  ): Promise<{ visitorId: string; email: string | null; name: string | null; verified: boolean }> {
    const { em, inbox, visitor } = await this.scope(root, call);
    const email = input.email.toLowerCase();
    const verified = input.userHash != null && (await this.signedBy(inbox, email, input.userHash));
    if (input.userHash != null && !verified)
      throw new DomainError(
        'UNAUTHORIZED',
        "userHash is not the signature of this email with the inbox's identity secret",
        { field: 'userHash' },
      );
    return em.transactional(async (tx) => {
      const current = await tx.findOneOrFail(Visitor, { id: visitor.id });
      await applyVisitorChanges(
        tx,
        current,
        { email, ...(input.name ? { name: input.name } : {}) },
        this.deps.clock.now(),
        verified,
      );
      return {
        visitorId: current.id,
        email: current.email,
        name: current.name,
        verified: current.emailVerifiedAt !== null,
      };
    });
  }

  /**
   * A visitor's new conversation. With an idempotency key (the widget sends its outbox entry's), starting again with
   * the same key answers the conversation that key opened: a start sent again after its answer was lost opens no second one.
   */
  async startConversation(
    root: EntityManager,
    call: WidgetCall,
    input: WidgetMessageInput,
    idempotencyKey: string | null = null,
  ): Promise<WidgetConversationView> {
    const key = clientKey(idempotencyKey);
    const { em, inbox, visitor } = await this.scope(root, call);
    const opened = () =>
      key
        ? em.findOne(Conversation, { inboxId: inbox.id, visitorId: visitor.id, clientKey: key }, { refresh: true })
        : Promise.resolve(null);
    const earlier = await opened();
    if (earlier) return this.conversation(em, inbox, earlier);
    const attachments = widgetAttachments(input);
    try {
      const { conversation } = await em.transactional((tx) =>
        this.flow.start(tx, { inbox, visitor, content: input.message, channel: 'widget', attachments, clientKey: key }),
      );
      return await this.conversation(em, inbox, conversation);
    } catch (error) {
      // Two starts of one key at once: the unique index let one in; the other answers its conversation.
      if (key && error instanceof UniqueConstraintViolationException) {
        em.clear();
        const winner = await opened();
        if (winner) return this.conversation(em, inbox, winner);
      }
      throw error;
    }
  }

  /**
   * A visitor's message. With an idempotency key (the widget sends its outbox entry's), the same key in the same
   * conversation answers the message already stored: a message sent again after its answer was lost is not stored twice.
   */
  async postMessage(
    root: EntityManager,
    call: WidgetCall,
    conversationId: string,
    input: WidgetMessageInput,
    idempotencyKey: string | null = null,
  ): Promise<WidgetMessageView> {
    const key = clientKey(idempotencyKey);
    const { em, inbox, visitor } = await this.scope(root, call);
    const attachments = widgetAttachments(input);
    const stored = () => (key ? this.keyedMessage(em, inbox, visitor, conversationId, key) : Promise.resolve(null));
    const earlier = await stored();
    if (earlier) return earlier;
    try {
      if (attachments.length === 0)
        return await writeVisitorMessage(em, inbox, visitor, conversationId, input.message, this.flow.now(), key);
      // With files: the general path (attachment rows), the conversation locked against a concurrent status change.
      return await em.transactional(async (tx) => {
        const conversation = await tx.findOne(
          Conversation,
          { id: conversationId, inboxId: inbox.id, visitorId: visitor.id },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (!conversation) throw notFound('Conversation');
        const raced = await stored(); // the same key may have committed while this one waited for the lock
        if (raced) return raced;
        const message = await this.flow.visitorMessage(tx, inbox, conversation, input.message, null, attachments);
        message.clientKey = key;
        await tx.flush();
        return widgetMessageView(message);
      });
    } catch (error) {
      // Two sends of one key at once: the unique index let one in; the other answers it.
      if (key && error instanceof UniqueConstraintViolationException) {
        const winner = await stored();
        if (winner) return winner;
      }
      throw error;
    }
  }

  /** The visitor's own message of this conversation stored under this key, if any. */
  private async keyedMessage(
    em: EntityManager,
    inbox: Inbox,
    visitor: Visitor,
    conversationId: string,
    key: string,
  ): Promise<WidgetMessageView | null> {
    const message = await em.findOne(Message, { conversationId, clientKey: key, senderType: 'visitor' });
    if (!message) return null;
    const own = await em.findOne(
      Conversation,
      { id: conversationId, inboxId: inbox.id, visitorId: visitor.id },
      { fields: ['id'] as never },
    );
    return own ? widgetMessageView(message) : null;
  }

  /** An attachment of the visitor's own conversation, with its bytes; a note's files are never the visitor's to read. */
  async attachment(
    root: EntityManager,
    call: WidgetCall,
    conversationId: string,
    id: string,
  ): Promise<AttachmentContent> {
    const { em, inbox, visitor } = await this.scope(root, call);
    await this.own(em, inbox, visitor, conversationId);
    const attachment = await em.findOne(Attachment, { id, conversationId }, { populate: ['content'] as never });
    const message =
      attachment &&
      (await em.findOne(Message, { id: attachment.messageId, type: { $ne: 'note' } }, { fields: ['id'] as never }));
    if (!attachment || !message) throw notFound('Attachment');
    return {
      id: attachment.id,
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.size,
      content: attachment.content.toString('base64'),
    };
  }

  async getConversation(
    root: EntityManager,
    call: WidgetCall,
    conversationId: string,
  ): Promise<WidgetConversationView> {
    const { em, inbox, visitor } = await this.scope(root, call);
    return this.conversation(em, inbox, await this.own(em, inbox, visitor, conversationId));
  }

  /** The visitor's conversations in this inbox, newest first. */
  async listConversations(root: EntityManager, call: WidgetCall): Promise<WidgetConversationView[]> {
    const { em, inbox, visitor } = await this.scope(root, call);
    const rows = await em.find(
      Conversation,
      { inboxId: inbox.id, visitorId: visitor.id },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 100 },
    );
    return Promise.all(rows.map((c) => this.conversation(em, inbox, c)));
  }

  /** Another visitor's conversation, or another inbox's, is not found. */
  async own(em: EntityManager, inbox: Inbox, visitor: Visitor, conversationId: string): Promise<Conversation> {
    const conversation = await em.findOne(Conversation, {
      id: conversationId,
      inboxId: inbox.id,
      visitorId: visitor.id,
    });
    if (!conversation) throw notFound('Conversation');
    return conversation;
  }

  private async conversation(
    em: EntityManager,
    inbox: Inbox,
    conversation: Conversation,
  ): Promise<WidgetConversationView> {
    const messages = await em.find(
      Message,
      { conversationId: conversation.id, type: { $ne: 'note' } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const names = await this.memberNames(em, inbox.id);
    return {
      id: conversation.id,
      status: conversation.status,
      createdAt: conversation.createdAt,
      messages: messages.map((m) => widgetMessageView(m, authorNameOf(m, inbox, names))),
    };
  }

  /** The names of the inbox's members by user id, as visitors see them. */
  async memberNames(em: EntityManager, inboxId: string): Promise<Map<string, string | null>> {
    const members = await em.find(InboxMember, { inboxId }, { fields: ['userId', 'name'] as never });
    return new Map(members.map((m) => [m.userId, m.name]));
  }

  /** The inbox, its availability and what the widget asks, for a page that has no visitor yet. */
  async config(root: EntityManager, call: WidgetCall): Promise<WidgetConfig> {
    const { em, inbox } = await this.inboxOf(root, call);
    const available = await em.find(
      InboxMember,
      { inboxId: inbox.id, status: 'available' },
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit: 5 },
    );
    return {
      inboxName: inbox.name,
      description: inbox.description,
      preChatEmail: inbox.preChatEmail,
      replyTime: inbox.replyTime,
      online: available.length > 0,
      agents: available.map((m) => ({ name: m.name ?? 'Agent' })),
      workingHours: inbox.workingHours,
      openNow: insideWorkingHours(inbox.workingHours, this.deps.clock.now()),
    };
  }

  /** Whether the host page's server signed this email with the inbox's secret (constant-time comparison). */
  private async signedBy(inbox: Inbox, email: string, userHash: string): Promise<boolean> {
    if (!inbox.identitySecret || !/^[0-9a-f]{64}$/i.test(userHash)) return false;
    const secret = (
      await (this.box ??= secretBoxFor(this.deps.orm, this.deps.config.encryptionKey, this.deps.logger))
    ).open(inbox.identitySecret, inbox.id);
    return timingSafeEqual(createHmac('sha256', secret).update(email).digest(), Buffer.from(userHash, 'hex'));
  }
}
