import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import type { CrmContactCompanyInput } from './contact-input.types.js';
import { CompanyService } from '../companies/company.service.js';
import { getContact, liveContact } from './contact-lookup.js';
import type { ContactCompanyLink } from './contact.types.js';
import { ORG, sql, sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';

const LINK_COLUMNS = `l.contact_id::text as "contactId", co.id::text as "companyId", co.external_id as "externalId", co.name, co.domain, l.role, l.is_primary as "isPrimary"`;

/** Contact ↔ company links with a role and one primary company per contact. */
export class ContactLinksService {
  private readonly companies = new CompanyService();

  async list(em: EntityManager, contactId: string): Promise<ContactCompanyLink[]> {
    const contact = await getContact(em, contactId);
    return (await linksOf(em, [contact.id])).get(contact.id) ?? [];
  }

  async link(em: EntityManager, contactId: string, body: CrmContactCompanyInput): Promise<ContactCompanyLink[]> {
    const contact = await liveContact(em, contactId);
    const company = await this.companies.get(em, String(body.companyId));
    if (company.status === 'DELETED') throw notFound('Company');
    await em.transactional(async (tx) => {
      if (body.isPrimary === true)
        await tenantSql(tx).run(
          sql`update crm.contact_companies set is_primary = false where organization_id = ${ORG} and contact_id = ${contact.id}`,
        );
      const rows = await tenantSql(tx).rows<{
        contact_id: string;
      }>(sql`insert into crm.contact_companies (organization_id, contact_id, company_id, role, is_primary, created_at) values (${ORG}, ${contact.id}, ${company.id}, ${body.role ?? null}, ${body.isPrimary === true}, now())
         on conflict (contact_id, company_id) do nothing returning contact_id`);
      if (rows.length === 0)
        throw new DomainError('ALREADY_ASSOCIATED', 'The contact is already linked to this company', {
          field: 'companyId',
          received: body.companyId,
        });
    });
    return this.list(em, contact.id);
  }

  async unlink(em: EntityManager, contactId: string, companyId: string): Promise<ContactCompanyLink[]> {
    const contact = await liveContact(em, contactId);
    const company = await this.companies.get(em, companyId);
    const rows = await tenantSql(em).rows<{ contact_id: string }>(
      sql`delete from crm.contact_companies where organization_id = ${ORG} and contact_id = ${contact.id} and company_id = ${company.id} returning contact_id`,
    );
    if (rows.length === 0) throw notFound('Company link');
    return this.list(em, contact.id);
  }
}

/** Links of many contacts in one query (the DataLoader of the `companies` field uses it). */
export async function linksOf(
  em: EntityManager,
  contactIds: readonly string[],
): Promise<Map<string, ContactCompanyLink[]>> {
  if (contactIds.length === 0) return new Map();
  const rows = await tenantSql(em).rows<ContactCompanyLink & { contactId: string }>(
    sqlOf(
      `select ${LINK_COLUMNS} from crm.contact_companies l join crm.companies co on co.id = l.company_id and co.organization_id = l.organization_id
     where l.organization_id = ? and l.contact_id in (${contactIds.map(() => '?').join(', ')}) and co.status <> 'DELETED' order by l.is_primary desc, co.name`,
      [ORG, ...contactIds],
    ),
  );
  const map = new Map<string, ContactCompanyLink[]>();
  for (const { contactId, ...link } of rows) map.set(contactId, [...(map.get(contactId) ?? []), link]);
  return map;
}
