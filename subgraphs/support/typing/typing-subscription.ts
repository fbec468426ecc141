import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
} from 'graphql';
import { hasScope } from '../../../platform/auth/auth.js';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import type { PlatformEvent } from '../../../platform/events/platform-event.js';
import type { PublicSubscriptionCaller, SubscriptionCaller } from '../../../platform/graphql/subscription-fields.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { Conversation } from '../entities/conversation.entity.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { WidgetService } from '../widget/widget.service.js';
import { senderKeyOf, TYPING_SIGNAL, type TypingOptions, type TypingSignal } from './typing-options.js';
import { TypingRelay } from './typing-relay.js';

const WidgetTyping = new GraphQLObjectType({
  name: 'SupportWidgetTyping',
  description: "An agent started or stopped typing in the visitor's conversation",
  fields: {
    conversationId: { type: new GraphQLNonNull(GraphQLID) },
    typing: { type: new GraphQLNonNull(GraphQLBoolean) },
    senderType: { type: new GraphQLNonNull(GraphQLString), description: 'agent or inbox' },
    authorName: { type: GraphQLString, description: "The agent's name, or the inbox's" },
  },
});

const ConversationTyping = new GraphQLObjectType({
  name: 'SupportConversationTyping',
  description: 'The visitor started or stopped typing in the conversation',
  fields: {
    conversationId: { type: new GraphQLNonNull(GraphQLID) },
    typing: { type: new GraphQLNonNull(GraphQLBoolean) },
    senderType: { type: new GraphQLNonNull(GraphQLString), description: 'visitor' },
  },
});

/** Most changes a subscriber may have waiting (a few per second at most reach it): the oldest go first. */
const MAX_WAITING = 100;

/**
 * The typing changes a relay makes of `source`, as the subscription's iterator. `feed` hands each live event to the
 * relay (a typing signal, or a message that ends its sender's typing). Ending it ends `source` and the relay's timers.
 */
function typingStream(
  source: AsyncIterableIterator<PlatformEvent>,
  options: TypingOptions,
  feed: (event: PlatformEvent, relay: TypingRelay) => void,
): AsyncIterableIterator<TypingSignal> {
  const queue: TypingSignal[] = [];
  const waiting: ((result: IteratorResult<TypingSignal>) => void)[] = [];
  let done = false;
  const relay = new TypingRelay(options, (signal) => {
    const next = waiting.shift();
    if (next) next({ value: signal, done: false });
    else if (queue.push(signal) > MAX_WAITING) queue.shift();
  });
  const finish = () => {
    if (done) return;
    done = true;
    relay.close();
    void source.return?.();
    for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
  };
  void (async () => {
    try {
      for (let r = await source.next(); !r.done && !done; r = await source.next()) feed(r.value, relay);
    } catch {
      // The bus ended this subscriber (fell behind): the subscription ends.
    }
    finish();
  })();
  const iterator: AsyncIterableIterator<TypingSignal> = {
    next: () => {
      if (queue.length > 0) return Promise.resolve({ value: queue.shift()!, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => waiting.push(resolve));
    },
    return: () => {
      finish();
      queue.length = 0;
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

interface RepliedData {
  conversationId?: string;
  message?: { type: string; senderType: string; authorId: string | null };
}

const typingIn = (event: PlatformEvent, conversationId: string) =>
  event.type === TYPING_SIGNAL && (event.data as unknown as TypingSignal).conversationId === conversationId;

/**
 * `Subscription.supportWidgetTyping(conversationId)` on the widget's keyless connection: the agents' typing in the
 * visitor's own conversation (checked like supportWidgetMessages), ended by the agent's reply or by expiry.
 */
export function widgetTypingField(
  deps: SupportDeps,
): GraphQLFieldConfig<unknown, PublicSubscriptionCaller, { conversationId: string }> {
  const widget = new WidgetService(deps);
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    type: new GraphQLNonNull(WidgetTyping),
    args: { conversationId: { type: new GraphQLNonNull(GraphQLID) } },
    subscribe: async (_root, args, context) => {
      const params = context.connectionParams;
      const scope = await widget.scope(deps.orm.em, {
        widgetToken: text(params.widgetToken),
        visitorToken: text(params.visitorToken),
        origin: context.origin,
      });
      const { id, organizationId } = await widget.own(scope.em, scope.inbox, scope.visitor, args.conversationId);
      const source = context.events(
        (m) =>
          m.organizationId === organizationId &&
          (m.transient
            ? typingIn(m.event, id) && (m.event.data as unknown as TypingSignal).senderType !== 'visitor'
            : m.event.type === 'message.sent' && (m.event.data as RepliedData).conversationId === id),
      );
      return typingStream(source, deps.typing, (event, relay) => {
        if (event.type === TYPING_SIGNAL)
          relay.signal(senderKeyOf(event.data as unknown as TypingSignal), event.data as unknown as TypingSignal);
        else if ((event.data as RepliedData).message?.type === 'reply')
          relay.ended(senderKeyOf((event.data as RepliedData).message!));
      });
    },
    resolve: (payload: unknown) => payload,
  };
}

/**
 * `Subscription.supportConversationTyping(conversationId)` with a key of the `support` scope: the visitor's typing in
 * a conversation of the key's organization (another organization's id is not found), ended by the visitor's message
 * or by expiry.
 */
export function conversationTypingField(
  deps: SupportDeps,
): GraphQLFieldConfig<unknown, SubscriptionCaller, { conversationId: string }> {
  return {
    type: new GraphQLNonNull(ConversationTyping),
    args: { conversationId: { type: new GraphQLNonNull(GraphQLID) } },
    subscribe: async (_root, args, context) => {
      const { auth } = context;
      if (!hasScope(auth, 'support')) throw new DomainError('FORBIDDEN', 'This key lacks the "support" scope');
      const conversation = await forkForTenant(deps.orm.em, auth.organizationId).findOne(
        Conversation,
        { id: args.conversationId },
        { fields: ['id'] as never },
      );
      if (!conversation) throw notFound('Conversation');
      const id = conversation.id;
      const source = context.events(
        (m) =>
          m.organizationId === auth.organizationId &&
          (m.transient
            ? typingIn(m.event, id) && (m.event.data as unknown as TypingSignal).senderType === 'visitor'
            : m.event.type === 'message.received' && (m.event.data as RepliedData).conversationId === id),
      );
      return typingStream(source, deps.typing, (event, relay) => {
        if (event.type === TYPING_SIGNAL) relay.signal('visitor', event.data as unknown as TypingSignal);
        else relay.ended('visitor');
      });
    },
    resolve: (payload: unknown) => payload,
  };
}
