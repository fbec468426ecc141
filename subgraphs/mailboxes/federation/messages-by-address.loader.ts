import DataLoader from 'dataloader';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { MailMessage } from '../entities/mail-message.entity.js';

const LOADER = 'mailboxes:messagesByAddress';
const PER_CONTACT = 100;

/**
 * Per-request DataLoader: the emails of every contact in one gateway request go to the database in one query
 * (`addresses && array[...]`, GIN index, tenant filter included), newest first, at most 100 per contact.
 */
export function messagesByAddress(ctx: SubgraphContext): DataLoader<string, MailMessage[]> {
  let loader = ctx.loaders.get(LOADER) as DataLoader<string, MailMessage[]> | undefined;
  if (!loader) {
    loader = new DataLoader<string, MailMessage[]>(async (emails) => {
      const rows = await ctx.em.find(MailMessage, { addresses: { $overlap: [...emails] } }, { orderBy: { receivedAt: 'desc', id: 'desc' }, limit: PER_CONTACT * emails.length });
      const byEmail = new Map<string, MailMessage[]>();
      for (const row of rows) {
        for (const email of emails) {
          if (!row.addresses.includes(email)) continue;
          const list = byEmail.get(email) ?? [];
          if (list.length < PER_CONTACT) list.push(row);
          byEmail.set(email, list);
        }
      }
      return emails.map((email) => byEmail.get(email) ?? []);
    });
    ctx.loaders.set(LOADER, loader);
  }
  return loader;
}
