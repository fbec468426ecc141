import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid, notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { Company } from '../entities/company.entity.js';
import { parseIdentifier } from '../shared/identifier.js';
import { pageMeta, resolvePage } from '../shared/crm-page.js';
import { isoDate, oneOf, pageQuery, Where } from '../shared/sql-list.js';
import { likeEscape } from '../contacts/contact.service.js';
import { companyInput, type CompanyInput } from './company-input.js';
import type { CrmCompanyInput } from './company-input.types.js';
import {
  companyView,
  type CompanyContactLink,
  type CompanyList,
  type CompanyRow,
  type CompanyView,
} from './company.types.js';
import type { CompanyWriteResult } from './company-write.types.js';
import { ORG, sql, sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';

const COLUMNS = `c.id, c.external_id as "externalId", c.name, c.domain, c.industry, c.size, c.plan, c.website, c.phone, c.status, c.properties,
  c.created_at as "createdAt", c.updated_at as "updatedAt"`;
const SORT = { createdAt: 'c.created_at', name: 'c.name', domain: 'c.domain' } as const;

export interface CompanyListArgs {
  page?: number;
  limit?: number;
  search?: string;
  status?: string;
  size?: string;
  industry?: string;
  from?: string;
  to?: string;
  sortBy?: string;
  sortOrder?: string;
}

const domainTaken = (domain: string | null | undefined) =>
  new DomainError('COMPANY_DOMAIN_EXISTS', `A company with the domain ${domain} exists`, {
    field: 'domain',
    received: domain,
  });

/**
 * Companies. Their writes commit inside the request (the domain check needs the row) and answer 202 with
 * `pending: false`, keeping the CRM write contract (X-Correlation-Id, Location).
 */
export class CompanyService {
  async find(em: EntityManager, raw: string): Promise<Company | null> {
    const id = parseIdentifier(raw, 'cmp', false);
    return id.kind === 'id' ? em.findOne(Company, { id: id.value }) : em.findOne(Company, { externalId: id.value });
  }

  async get(em: EntityManager, raw: string): Promise<Company> {
    const company = await this.find(em, raw);
    if (!company) throw notFound('Company');
    return company;
  }

  async detail(em: EntityManager, raw: string): Promise<CompanyView> {
    return companyView(await this.get(em, raw));
  }

  async list(em: EntityManager, args: CompanyListArgs): Promise<CompanyList> {
    const page = resolvePage(args);
    const where = new Where().add('c.organization_id = ?', ORG);
    if (args.status) where.add('c.status = ?', oneOf('status', args.status, ['ACTIVE', 'ARCHIVED', 'DELETED']));
    else where.add(`c.status <> 'DELETED'`);
    if (args.size) where.add('c.size = ?', args.size);
    if (args.industry) where.add('c.industry = ?', args.industry);
    if (args.from) where.add('c.created_at >= ?', isoDate('from', args.from));
    if (args.to) where.add('c.created_at <= ?', isoDate('to', args.to));
    if (args.search) {
      const like = `%${likeEscape(args.search.toLowerCase())}%`;
      where.add('(lower(c.name) like ? or c.domain like ?)', like, like);
    }
    const sortBy = args.sortBy ? oneOf('sortBy', args.sortBy, Object.keys(SORT) as (keyof typeof SORT)[]) : 'createdAt';
    const order = args.sortOrder ? oneOf('sortOrder', args.sortOrder, ['asc', 'desc']) : 'desc';
    const { rows, total } = await pageQuery<CompanyRow>(
      em,
      `select ${COLUMNS}, count(*) over() as __total from crm.companies c where ${where} order by ${SORT[sortBy]} ${order} nulls last, c.id ${order}`,
      where.params,
      page.limit,
      page.offset,
      `select count(*) as n from crm.companies c where ${where}`,
    );
    return { data: rows.map(companyView), meta: pageMeta(page, total) };
  }

  async search(em: EntityManager, q: string, limit: number): Promise<CompanyView[]> {
    if (typeof q !== 'string' || q.trim() === '' || q.length > 200)
      throw invalid('q', q ?? null, '1 to 200 characters', 'q is required');
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid('limit', limit, '1..100');
    const like = `%${likeEscape(q.trim().toLowerCase())}%`;
    const rows = await tenantSql(em).rows<CompanyRow>(
      sqlOf(
        `select ${COLUMNS} from crm.companies c where c.organization_id = ? and c.status <> 'DELETED' and (lower(c.name) like ? or c.domain like ?) order by c.name nulls last, c.id limit ?`,
        [ORG, like, like, limit],
      ),
    );
    return rows.map(companyView);
  }

  async create(em: EntityManager, body: CrmCompanyInput): Promise<CompanyWriteResult> {
    const input = await companyInput(em, body, true);
    const company = em.create(Company, { organizationId: tenantOf(em), externalId: newId('cmp') });
    this.assign(company, input);
    await this.flush(em, input);
    return this.result(company, true);
  }

  async upsert(em: EntityManager, rawId: string, body: CrmCompanyInput): Promise<CompanyWriteResult> {
    const id = parseIdentifier(rawId, 'cmp', false);
    if (id.kind !== 'external')
      throw new DomainError('INVALID_ID', 'PUT takes a cmp_ external id', {
        field: 'externalId',
        received: rawId,
        expected: 'cmp_ external id',
      });
    const existing = await em.findOne(Company, { externalId: id.value });
    const input = await companyInput(em, body, !existing);
    const company = existing ?? em.create(Company, { organizationId: tenantOf(em), externalId: id.value });
    this.assign(company, input);
    await this.flush(em, input);
    return this.result(company, !existing);
  }

  async patch(em: EntityManager, rawId: string, body: CrmCompanyInput): Promise<CompanyWriteResult> {
    const company = await this.get(em, rawId);
    if (company.status === 'DELETED') throw notFound('Company');
    const input = await companyInput(em, body, false);
    this.assign(company, input);
    await this.flush(em, input);
    return this.result(company, false);
  }

  async remove(em: EntityManager, rawId: string): Promise<CompanyWriteResult> {
    const company = await this.get(em, rawId);
    company.status = 'DELETED';
    company.updatedAt = new Date();
    await em.flush();
    return this.result(company, false);
  }

  async contacts(em: EntityManager, rawId: string): Promise<CompanyContactLink[]> {
    const company = await this.get(em, rawId);
    return tenantSql(em)
      .rows<CompanyContactLink>(sql`select c.id::text as "contactId", c.external_id as "externalId", c.email, c.name, l.role, l.is_primary as "isPrimary"
       from crm.contact_companies l join crm.contacts c on c.id = l.contact_id and c.organization_id = l.organization_id
       where l.organization_id = ${ORG} and l.company_id = ${company.id} and c.status in ('ACTIVE', 'ARCHIVED') order by l.is_primary desc, c.id`);
  }

  private assign(company: Company, input: CompanyInput) {
    const { properties, ...fields } = input;
    Object.assign(company, fields);
    if (properties) {
      const merged: Record<string, unknown> = { ...company.properties, ...properties };
      for (const [k, v] of Object.entries(merged)) if (v === null) delete merged[k];
      company.properties = merged;
    }
    company.updatedAt = new Date();
  }

  private async flush(em: EntityManager, input: CompanyInput) {
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw domainTaken(input.domain);
      throw error;
    }
  }

  private result(company: Company, created: boolean): CompanyWriteResult {
    return {
      id: company.id,
      externalId: company.externalId,
      name: company.name,
      domain: company.domain,
      status: company.status,
      pending: false,
      correlationId: randomUUID(),
      location: created ? `/crm/companies/${company.externalId}` : null,
    };
  }
}
