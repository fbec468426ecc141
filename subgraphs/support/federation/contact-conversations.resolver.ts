import { Authorized, Ctx, Directive, FieldResolver, Resolver, Root } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { ConversationView } from '../conversations/conversation.types.js';
import { conversationView } from '../conversations/conversation-view.js';
import { SupportContactStub } from './contact.stub.js';
import { conversationsByEmail } from './conversations-by-email.loader.js';

/** `Contact.conversations`: conversations of the visitors identified with the contact's email, newest first. */
@Resolver(() => SupportContactStub)
export class ContactConversationsResolver {
  @Authorized('support')
  @Directive('@requires(fields: "email")')
  @FieldResolver(() => [ConversationView], {
    description: "Support conversations of the visitors with the contact's email (support module)",
  })
  async conversations(@Root() contact: SupportContactStub, @Ctx() ctx: SubgraphContext): Promise<ConversationView[]> {
    if (!contact.email) return [];
    return (await conversationsByEmail(ctx).load(contact.email.toLowerCase())).map(conversationView);
  }
}
