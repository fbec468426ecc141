import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors/domain-error.js';
import { validation } from '../shared/support-page.js';
import { newId } from '../../../platform/ids/ids.js';
import { Conversation } from '../entities/conversation.entity.js';
import { Inbox } from '../entities/inbox.entity.js';
import { InboxMember } from '../entities/inbox-member.entity.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { WidgetService, type WidgetCall } from '../widget/widget.service.js';
import { senderKeyOf, TYPING_SIGNAL, type TypingSignal } from './typing-options.js';
import type { SupportTypingInput, WidgetTypingInput } from './typing.input.js';
import type { TypingAck } from './typing.types.js';

/** Renewals remembered per process, to publish one per window; pruned past this many senders. */
const REMEMBERED_SENDERS = 10_000;

/**
 * Typing signals: checked like a message of the same sender would be (the agent's organization, the visitor's own
 * conversation), then published on the live bus, never stored. A renewal within `minIntervalMs` of the sender's last
 * published one is answered but not published; changes always are (subscribers throttle those).
 */
export class TypingService {
  private readonly widget: WidgetService;
  private readonly lastPublished = new Map<string, { typing: boolean; at: number }>();

  constructor(private readonly deps: SupportDeps) {
    this.widget = new WidgetService(deps);
  }

  /** An agent (or the inbox, without authorId) typing in a conversation of the caller's organization. */
  async agent(em: EntityManager, conversationId: string, input: SupportTypingInput): Promise<TypingAck> {
    const conversation = await em.findOne(Conversation, { id: conversationId });
    if (!conversation) throw notFound('Conversation');
    let authorName: string | null;
    if (input.authorId) {
      const member = await em.findOne(
        InboxMember,
        { inboxId: conversation.inboxId, userId: input.authorId },
        { fields: ['name'] as never },
      );
      if (!member)
        throw validation(
          'authorId',
          input.authorId,
          "a member of the conversation's inbox",
          'The author must be a member of the inbox',
        );
      authorName = member.name ?? 'Agent';
    } else {
      authorName = (await em.findOneOrFail(Inbox, { id: conversation.inboxId }, { fields: ['name'] as never })).name;
    }
    const senderType = input.authorId ? 'agent' : 'inbox';
    return this.publish(conversation.organizationId, {
      conversationId,
      inboxId: conversation.inboxId,
      senderType,
      authorId: input.authorId ?? null,
      authorName,
      typing: input.typing,
    });
  }

  /** The visitor typing in their own conversation (another visitor's, or another inbox's, is not found). */
  async visitor(
    root: EntityManager,
    call: WidgetCall,
    conversationId: string,
    input: WidgetTypingInput,
  ): Promise<TypingAck> {
    const { em, inbox, visitor } = await this.widget.scope(root, call);
    await this.widget.own(em, inbox, visitor, conversationId);
    return this.publish(inbox.organizationId, {
      conversationId,
      inboxId: inbox.id,
      senderType: 'visitor',
      authorId: null,
      authorName: null,
      typing: input.typing,
    });
  }

  private async publish(organizationId: string, signal: TypingSignal): Promise<TypingAck> {
    const { expiresAfterMs, minIntervalMs } = this.deps.typing;
    const key = `${signal.conversationId}:${senderKeyOf(signal)}`;
    const now = Date.now();
    const last = this.lastPublished.get(key);
    if (!last || last.typing !== signal.typing || now - last.at >= minIntervalMs) {
      this.remember(key, { typing: signal.typing, at: now });
      const event = {
        id: newId('sig'),
        type: TYPING_SIGNAL,
        timestamp: new Date(now).toISOString(),
        data: { ...signal },
      };
      await this.deps.bus.publish([{ organizationId, event, transient: true }]);
    }
    return {
      conversationId: signal.conversationId,
      typing: signal.typing,
      expiresInMs: signal.typing ? expiresAfterMs : 0,
    };
  }

  private remember(key: string, value: { typing: boolean; at: number }) {
    this.lastPublished.delete(key); // re-inserted last: the map stays in publish order, oldest first
    this.lastPublished.set(key, value);
    if (this.lastPublished.size > REMEMBERED_SENDERS)
      this.lastPublished.delete(this.lastPublished.keys().next().value!);
  }
}
