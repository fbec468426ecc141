import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { CrmContactCompanyInput } from './contact-input.types.js';
import { getContact } from './contact-lookup.js';
import { ContactLinksService, linksOf } from './contact-links.service.js';
import { ContactCompanyLink, ContactSummary } from './contact.types.js';
import { ContactSyncStatus, IntegrationSync } from './contact-summary.types.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

const CONTACT_ID = { description: 'Numeric id, ctc_ external id or email' };

/** Company links, the contact summary and the integrations' sync status. */
@Resolver()
export class ContactExtrasResolver {
  private readonly links = new ContactLinksService();

  @Authorized('crm')
  @Query(() => [ContactCompanyLink])
  contactCompanies(
    @Arg('id', () => ID, CONTACT_ID) id: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ContactCompanyLink[]> {
    return this.links.list(ctx.em, id);
  }

  @Authorized('crm')
  @Mutation(() => [ContactCompanyLink], { description: '{companyId, role, isPrimary}; ALREADY_ASSOCIATED when linked' })
  linkContactCompany(
    @Arg('id', () => ID, CONTACT_ID) id: string,
    @Arg('input', () => CrmContactCompanyInput) input: CrmContactCompanyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ContactCompanyLink[]> {
    return this.links.link(ctx.em, id, input);
  }

  @Authorized('crm')
  @Mutation(() => [ContactCompanyLink])
  unlinkContactCompany(
    @Arg('id', () => ID, CONTACT_ID) id: string,
    @Arg('companyId', () => ID) companyId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ContactCompanyLink[]> {
    return this.links.unlink(ctx.em, id, companyId);
  }

  @Authorized('crm')
  @Query(() => ContactSummary)
  async contactSummary(
    @Arg('id', () => ID, CONTACT_ID) id: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ContactSummary> {
    const contact = await getContact(ctx.em, id);
    const [companies, tags, count] = await Promise.all([
      linksOf(ctx.em, [contact.id]),
      tenantSql(ctx.em).rows<{ key: string }>(
        sql`select t.key from crm.contact_tags ct join crm.tags t on t.id = ct.tag_id and t.organization_id = ct.organization_id where ct.organization_id = ${ORG} and ct.contact_id = ${contact.id} order by t.key`,
      ),
      tenantSql(ctx.em).rows<{ n: number }>(
        sql`select count(*)::int as n from crm.activities where organization_id = ${ORG} and contact_id = ${contact.id}`,
      ),
    ]);
    return {
      id: contact.id,
      name: contact.name,
      email: contact.email,
      status: contact.status,
      lifecycleStage: contact.lifecycleStage,
      companies: (companies.get(contact.id) ?? []).map((c) => ({ name: c.name, domain: c.domain, role: c.role })),
      tags: tags.map((t) => t.key),
      activityCount: count[0]!.n,
      lastActivityAt: contact.lastActivityAt,
    };
  }

  @Authorized('crm')
  @Query(() => ContactSyncStatus)
  async contactSyncStatus(
    @Arg('id', () => ID, CONTACT_ID) id: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ContactSyncStatus> {
    const contact = await getContact(ctx.em, id);
    const rows = await tenantSql(ctx.em)
      .rows<IntegrationSync>(sql`select i.id::text as "integrationId", i.name as "integrationName", i.provider, s.external_id as "externalId", s.last_synced_at as "lastSyncedAt", s.sync_hash as "syncHash"
       from crm.integrations i left join crm.contact_syncs s on s.integration_id = i.id and s.organization_id = i.organization_id and s.contact_id = ${contact.id}
       where i.organization_id = ${ORG} order by i.id`);
    return {
      contactId: contact.id,
      externalId: contact.externalId,
      integrations: rows.map((r) => ({ ...r, lastSyncedAt: r.lastSyncedAt ? new Date(r.lastSyncedAt) : null })),
    };
  }
}
