import DataLoader from 'dataloader';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { Message } from '../entities/message.entity.js';
import { ConversationTag, SupportTag } from '../entities/tag.entity.js';
import type { SupportTagView } from './conversation.types.js';
import { byTagName } from './conversation-view.js';

function perRequest<K, V>(
  ctx: SubgraphContext,
  name: string,
  batch: (keys: readonly K[]) => Promise<V[]>,
): DataLoader<K, V> {
  let loader = ctx.loaders.get(name) as DataLoader<K, V> | undefined;
  if (!loader) {
    loader = new DataLoader<K, V>(batch);
    ctx.loaders.set(name, loader);
  }
  return loader;
}

/** Messages of every conversation a request asks for, oldest first, in one query. */
export function messagesByConversation(ctx: SubgraphContext): DataLoader<string, Message[]> {
  return perRequest(ctx, 'support:messages', async (ids) => {
    const rows = await ctx.em.find(
      Message,
      { conversationId: { $in: [...ids] } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const by = new Map<string, Message[]>();
    for (const row of rows) by.set(row.conversationId, [...(by.get(row.conversationId) ?? []), row]);
    return ids.map((id) => by.get(id) ?? []);
  });
}

/** Tags of every conversation a request asks for, in two queries. */
export function tagsByConversation(ctx: SubgraphContext): DataLoader<string, SupportTagView[]> {
  return perRequest(ctx, 'support:tags', async (ids) => {
    const links = await ctx.em.find(
      ConversationTag,
      { conversationId: { $in: [...ids] } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const tags = links.length
      ? await ctx.em.find(SupportTag, { id: { $in: [...new Set(links.map((l) => l.tagId))] } })
      : [];
    const byId = new Map(tags.map((t) => [t.id, { id: t.id, name: t.name }]));
    const by = new Map<string, SupportTagView[]>();
    for (const link of links) {
      const tag = byId.get(link.tagId);
      if (tag) by.set(link.conversationId, [...(by.get(link.conversationId) ?? []), tag]);
    }
    return ids.map((id) => (by.get(id) ?? []).sort(byTagName));
  });
}
