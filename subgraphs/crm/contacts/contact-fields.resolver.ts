import { Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { batchLoader, groupBy } from '../shared/batch-loader.js';
import { TagView } from '../tags/tag.types.js';
import { linksOf } from './contact-links.service.js';
import { ContactCompanyLink, ContactView } from './contact.types.js';
import { ORG, sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';

const ids = (keys: readonly string[]) => keys.map(() => '?').join(', ');

/** The full contact read: companies, tags and the activity count, each batched per request. */
@Resolver(() => ContactView)
export class ContactFieldsResolver {
  @FieldResolver(() => [ContactCompanyLink])
  companies(@Root() contact: ContactView, @Ctx() ctx: SubgraphContext): Promise<ContactCompanyLink[]> {
    return batchLoader(ctx, 'crm:contact-companies', (keys) => linksOf(ctx.em, keys), [] as ContactCompanyLink[]).load(
      contact.id,
    );
  }

  @FieldResolver(() => [TagView])
  tags(@Root() contact: ContactView, @Ctx() ctx: SubgraphContext): Promise<TagView[]> {
    return batchLoader(
      ctx,
      'crm:contact-tags',
      async (keys) => {
        const rows = await tenantSql(ctx.em).rows<TagView & { contactId: string }>(
          sqlOf(
            `select ct.contact_id::text as "contactId", t.id, t.key, t.name, t.description, t.color, t.created_at as "createdAt"
         from crm.contact_tags ct join crm.tags t on t.id = ct.tag_id and t.organization_id = ct.organization_id where ct.organization_id = ? and ct.contact_id in (${ids(keys)}) order by t.key`,
            [ORG, ...keys],
          ),
        );
        return groupBy(
          rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) })),
          (r) => r.contactId,
        );
      },
      [] as TagView[],
    ).load(contact.id);
  }

  @FieldResolver(() => Int)
  activityCount(@Root() contact: ContactView, @Ctx() ctx: SubgraphContext): Promise<number> {
    return batchLoader(
      ctx,
      'crm:contact-activity-count',
      async (keys) => {
        const rows = await tenantSql(ctx.em).rows<{ contactId: string; n: number }>(
          sqlOf(
            `select contact_id::text as "contactId", count(*)::int as n from crm.activities where organization_id = ? and contact_id in (${ids(keys)}) group by contact_id`,
            [ORG, ...keys],
          ),
        );
        return new Map(rows.map((r) => [r.contactId, r.n]));
      },
      0,
    ).load(contact.id);
  }
}
