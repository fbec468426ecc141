import DataLoader from 'dataloader';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { Visitor } from '../entities/visitor.entity.js';
import { Conversation } from '../entities/conversation.entity.js';

const LOADER = 'support:conversationsByEmail';

/**
 * Per-request DataLoader: the conversations of every contact of one gateway request, found through the visitors
 * with the contact's email, in two queries for all the contacts together (tenant filter included).
 */
export function conversationsByEmail(ctx: SubgraphContext): DataLoader<string, Conversation[]> {
  let loader = ctx.loaders.get(LOADER) as DataLoader<string, Conversation[]> | undefined;
  if (!loader) {
    loader = new DataLoader<string, Conversation[]>(async (emails) => {
      // Verified emails only: anyone can type an address into a widget, and a claim must not list them under its contact.
      const visitors = await ctx.em.find(
        Visitor,
        { email: { $in: [...emails] }, emailVerifiedAt: { $ne: null } },
        { fields: ['id', 'email'] as never },
      );
      const conversations = visitors.length
        ? await ctx.em.find(
            Conversation,
            { visitorId: { $in: visitors.map((v) => v.id) } },
            { orderBy: { createdAt: 'desc', id: 'desc' } },
          )
        : [];
      const emailOf = new Map(visitors.map((v) => [v.id, v.email!]));
      const byEmail = new Map<string, Conversation[]>();
      for (const c of conversations) {
        const email = emailOf.get(c.visitorId)!;
        byEmail.set(email, [...(byEmail.get(email) ?? []), c]);
      }
      return emails.map((email) => byEmail.get(email) ?? []);
    });
    ctx.loaders.set(LOADER, loader);
  }
  return loader;
}
