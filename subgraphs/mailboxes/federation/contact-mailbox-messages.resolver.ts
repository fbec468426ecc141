import { Authorized, Ctx, Directive, FieldResolver, Resolver, Root } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { MailboxMessageView } from '../messages/message.types.js';
import { messageItem } from '../messages/message-view.js';
import { MailboxContactStub } from './contact.stub.js';
import { messagesByAddress } from './messages-by-address.loader.js';

/** `Contact.mailboxMessages`: messages of the organization's mailboxes sent by or to the contact's email, newest first. */
@Resolver(() => MailboxContactStub)
export class ContactMailboxMessagesResolver {
  @Authorized('mailboxes')
  @Directive('@requires(fields: "email")')
  @FieldResolver(() => [MailboxMessageView], {
    description:
      "Agent mailbox messages exchanged with the contact's email, newest first, at most 100 (agent mailboxes module)",
  })
  async mailboxMessages(
    @Root() contact: MailboxContactStub,
    @Ctx() ctx: SubgraphContext,
  ): Promise<MailboxMessageView[]> {
    if (!contact.email) return [];
    return (await messagesByAddress(ctx).load(contact.email.toLowerCase())).map(messageItem);
  }
}
