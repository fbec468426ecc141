import DataLoader from 'dataloader';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { MailMessage } from '../entities/mail-message.entity.js';

const LOADER = 'mailboxes:messagesByAddress';
const PER_CONTACT = 100;

/**
 * Per-request DataLoader: the emails of every contact in one gateway request go to the database together (one
 * statement picks the newest 100 messages per address over the GIN index, one loads them), not a query per contact.
 */
export function messagesByAddress(ctx: SubgraphContext): DataLoader<string, MailMessage[]> {
  let loader = ctx.loaders.get(LOADER) as DataLoader<string, MailMessage[]> | undefined;
  if (!loader) {
    loader = new DataLoader<string, MailMessage[]>(async (emails) => {
      // Newest 100 per address in one statement (a lateral limit per contact), then the rows themselves.
      const pairs = await tenantSql(ctx.em).rows<{ email: string; id: string }>(sql`
        select e.email, m.id from unnest(array[${[...emails]}]::text[]) as e(email)
        cross join lateral (select id, received_at from mailboxes.messages
          where organization_id = ${ORG} and addresses @> array[e.email] order by received_at desc, id desc limit ${PER_CONTACT}) m
        order by e.email, m.received_at desc, m.id desc`);
      const rows =
        pairs.length > 0 ? await ctx.em.find(MailMessage, { id: { $in: [...new Set(pairs.map((p) => p.id))] } }) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return emails.map((email) =>
        pairs
          .filter((p) => p.email === email)
          .map((p) => byId.get(p.id))
          .filter((m): m is MailMessage => !!m),
      );
    });
    ctx.loaders.set(LOADER, loader);
  }
  return loader;
}
