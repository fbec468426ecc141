import { GraphQLID, GraphQLNonNull, GraphQLObjectType, GraphQLString, GraphQLList } from 'graphql';
import { GraphQLJSON } from 'graphql-scalars';
import type { PublicSubscriptions } from '../../../platform/graphql/subscription-fields.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { WidgetService } from './widget.service.js';

const WidgetLiveMessage = new GraphQLObjectType({
  name: 'SupportWidgetLiveMessage',
  description: 'An agent reply, as the visitor sees it (notes never arrive)',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    conversationId: { type: new GraphQLNonNull(GraphQLID) },
    type: { type: new GraphQLNonNull(GraphQLString) },
    content: { type: new GraphQLNonNull(GraphQLString) },
    attachments: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLJSON))) },
    createdAt: { type: new GraphQLNonNull(GraphQLString) },
  },
});

interface SentMessage {
  conversationId?: string;
  message?: { id: string; conversationId: string; type: string; content: string; attachments: unknown[]; createdAt: string };
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * `Subscription.supportWidgetMessages(conversationId)` on a connection opened with the widget's tokens in
 * connectionParams (`widgetToken`, `visitorToken`), no API key: the agent replies of the visitor's own conversation
 * as they are sent. Only `message.sent` events carry replies, and notes emit none, so a note cannot reach it.
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
          const scope = await widget.scope(deps.orm.em, text(params.widgetToken), text(params.visitorToken));
          const conversation = await widget.own(scope.em, scope.inbox, scope.visitor, args.conversationId);
          return context.events((m) => {
            const data = m.event.data as SentMessage;
            return m.organizationId === conversation.organizationId && m.event.type === 'message.sent'
              && data.conversationId === conversation.id && data.message?.type === 'reply';
          });
        },
        resolve: (payload: unknown) => (payload as { data: SentMessage }).data.message,
      },
    },
  };
}
