import { GraphQLID, GraphQLNonNull, GraphQLObjectType, GraphQLString, GraphQLList } from 'graphql';
import { GraphQLJSON } from 'graphql-scalars';
import type { PublicSubscriptions } from '../../../platform/graphql/subscription-fields.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { authorNameOf, WidgetService } from './widget.service.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { widgetTypingField } from '../typing/typing-subscription.js';

const WidgetLiveMessage = new GraphQLObjectType({
  name: 'SupportWidgetLiveMessage',
  description: 'An agent reply, as the visitor sees it (notes never arrive)',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    conversationId: { type: new GraphQLNonNull(GraphQLID) },
    type: { type: new GraphQLNonNull(GraphQLString) },
    senderType: { type: new GraphQLNonNull(GraphQLString), description: 'agent or inbox' },
    authorName: { type: GraphQLString, description: "The agent's name, or the inbox's for a reply sent as the inbox" },
    content: { type: new GraphQLNonNull(GraphQLString) },
    attachments: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLJSON))) },
    createdAt: { type: new GraphQLNonNull(GraphQLString) },
  },
});

interface SentMessage {
  conversationId?: string;
  message?: {
    id: string;
    conversationId: string;
    type: string;
    senderType: string;
    authorId: string | null;
    content: string;
    attachments: unknown[];
    createdAt: string;
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** Each value of `source` through `map`; ending it ends `source` at once (an async generator would wait for its next value). */
function mapIterator<T, U>(source: AsyncIterableIterator<T>, map: (value: T) => Promise<U>): AsyncIterableIterator<U> {
  const iterator: AsyncIterableIterator<U> = {
    next: async () => {
      const r = await source.next();
      return r.done ? { done: true, value: undefined } : { done: false, value: await map(r.value) };
    },
    return: async () => {
      await source.return?.();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/**
 * `Subscription.supportWidgetMessages(conversationId)` on a connection opened with the widget's tokens in
 * connectionParams (`widgetToken`, `visitorToken`), no API key: the agent replies of the visitor's own conversation
 * as they are sent, with the agent's name. Only `message.sent` events carry replies, and notes emit none, so a note
 * cannot reach it. The upgrade's `Origin` is checked against the inbox's allowed origins like every widget call.
 */
export function widgetSubscriptions(deps: SupportDeps): PublicSubscriptions {
  const widget = new WidgetService(deps);
  return {
    accepts: (params) => typeof params.widgetToken === 'string',
    fields: {
      supportWidgetMessages: {
        type: new GraphQLNonNull(WidgetLiveMessage),
        args: { conversationId: { type: new GraphQLNonNull(GraphQLID) } },
        subscribe: async (_root, args: { conversationId: string }, context) => {
          const params = context.connectionParams;
          const scope = await widget.scope(deps.orm.em, {
            widgetToken: text(params.widgetToken),
            visitorToken: text(params.visitorToken),
            origin: context.origin,
          });
          const conversation = await widget.own(scope.em, scope.inbox, scope.visitor, args.conversationId);
          const replies = context.events((m) => {
            const data = m.event.data as SentMessage;
            return (
              m.organizationId === conversation.organizationId &&
              m.event.type === 'message.sent' &&
              data.conversationId === conversation.id &&
              data.message?.type === 'reply'
            );
          });
          return mapIterator(replies, async (event) => {
            const message = (event.data as SentMessage).message!;
            // Read per reply, not once: a member renamed or added after the visitor connected is named right.
            const names =
              message.senderType === 'agent'
                ? await widget.memberNames(forkForTenant(deps.orm.em, scope.inbox.organizationId), scope.inbox.id)
                : new Map();
            return { ...message, authorName: authorNameOf(message, scope.inbox, names) };
          });
        },
        resolve: (payload: unknown) => payload,
      },
      supportWidgetTyping: widgetTypingField(deps),
    },
  };
}
