import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { findPage } from '../../../platform/orm/find-page.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { SupportCompany } from '../entities/company.entity.js';
import { CompanyNote } from '../entities/company-note.entity.js';
import { Visitor } from '../entities/visitor.entity.js';
import { Conversation } from '../entities/conversation.entity.js';
import { resolveSupportPage, supportPageMeta } from '../shared/support-page.js';
import { conflictOnDuplicate } from '../shared/unique-violation.js';
import type { SupportDeps } from '../shared/support-deps.js';
import { conversationView } from '../conversations/conversation-view.js';
import type { ConversationList } from '../conversations/conversation.types.js';
import { mergeAttributes, visitorView } from '../visitors/visitor.service.js';
import type { VisitorList } from '../visitors/visitor.types.js';
import type {
  CompanyCreateInput,
  SupportCompanyList,
  CompanyListArgs,
  CompanyNoteInput,
  CompanyNoteList,
  CompanyNoteView,
  CompanyStats,
  CompanyUpdateInput,
  SupportCompanyView,
} from './company.types.js';

const companyView = (c: SupportCompany): SupportCompanyView => ({
  id: c.id,
  name: c.name,
  website: c.website,
  industry: c.industry,
  attributes: c.attributes,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});
const noteView = (n: CompanyNote): CompanyNoteView => ({
  id: n.id,
  companyId: n.companyId,
  content: n.content,
  createdAt: n.createdAt,
});
const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** Companies with caller-chosen ids, their visitors ("users"), conversations, stats and notes. */
export class SupportCompanyService {
  constructor(private readonly deps: SupportDeps) {}

  async find(em: EntityManager, id: string): Promise<SupportCompany> {
    const company = await em.findOne(SupportCompany, { id });
    if (!company) throw notFound('Company');
    return company;
  }

  async list(em: EntityManager, args: CompanyListArgs): Promise<SupportCompanyList> {
    const page = resolveSupportPage(args);
    const where: Record<string, unknown> = {};
    if (args.search)
      where.$or = [
        { name: { $ilike: `%${escapeLike(args.search)}%` } },
        { id: { $ilike: `%${escapeLike(args.search)}%` } },
      ];
    if (args.industry) where.industry = { $ilike: escapeLike(args.industry) };
    const { rows, total } = await findPage(em, SupportCompany, where, {
      limit: page.limit,
      offset: page.offset,
      orderBy: { createdAt: 'desc', uid: 'desc' },
    });
    return { data: rows.map(companyView), meta: supportPageMeta(page, total) };
  }

  async get(em: EntityManager, id: string): Promise<SupportCompanyView> {
    return companyView(await this.find(em, id));
  }

  /** A taken id answers 409 CONFLICT (the unique index decides, also between concurrent creates). */
  async create(em: EntityManager, input: CompanyCreateInput): Promise<SupportCompanyView> {
    const now = this.deps.clock.now();
    const company = em.create(SupportCompany, {
      uid: randomUUID(),
      id: input.id,
      name: input.name,
      website: input.website ?? null,
      industry: input.industry ?? null,
      attributes: mergeAttributes({}, input.attributes ?? {}),
      createdAt: now,
      updatedAt: now,
    } as never);
    await conflictOnDuplicate(() => em.persistAndFlush(company), `A company with id "${input.id}" already exists`, {
      field: 'id',
      received: input.id,
    });
    return companyView(company);
  }

  async update(em: EntityManager, id: string, input: CompanyUpdateInput): Promise<SupportCompanyView> {
    const company = await this.find(em, id);
    if (input.name != null) company.name = input.name;
    if (input.website !== undefined) company.website = input.website;
    if (input.industry !== undefined) company.industry = input.industry;
    if (input.attributes) company.attributes = mergeAttributes(company.attributes, input.attributes);
    company.updatedAt = this.deps.clock.now();
    await em.flush();
    return companyView(company);
  }

  /** Removes the company and its notes; its visitors stay, unlinked. */
  async remove(em: EntityManager, id: string): Promise<boolean> {
    return em.transactional(async (tx) => {
      const company = await this.find(tx, id);
      const db = tenantSql(tx);
      await db.run(
        sql`update support.visitors set company_id = null where organization_id = ${ORG} and company_id = ${id}`,
      );
      await db.run(sql`delete from support.company_notes where organization_id = ${ORG} and company_id = ${id}`);
      tx.remove(company);
      await tx.flush();
      return true;
    });
  }

  async users(em: EntityManager, id: string, args: { page?: number; limit?: number }): Promise<VisitorList> {
    await this.find(em, id);
    const page = resolveSupportPage(args);
    const { rows, total } = await findPage(
      em,
      Visitor,
      { companyId: id },
      { limit: page.limit, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { data: rows.map(visitorView), meta: supportPageMeta(page, total) };
  }

  async conversations(
    em: EntityManager,
    id: string,
    args: { page?: number; limit?: number },
  ): Promise<ConversationList> {
    await this.find(em, id);
    const page = resolveSupportPage(args);
    const visitors = await em.find(Visitor, { companyId: id }, { fields: ['id'] as never });
    const { rows, total } = await findPage(
      em,
      Conversation,
      { visitorId: { $in: visitors.map((v) => v.id) } },
      { limit: page.limit, offset: page.offset, orderBy: { lastActivityAt: 'desc', id: 'desc' } },
    );
    return { data: rows.map(conversationView), meta: supportPageMeta(page, total) };
  }

  async stats(em: EntityManager, id: string): Promise<CompanyStats> {
    await this.find(em, id);
    const row = await tenantSql(em).one<Record<string, string | Date | null>>(sql`
      select (select count(*) from support.visitors where organization_id = ${ORG} and company_id = ${id}) as users,
             (select count(*) from support.company_notes where organization_id = ${ORG} and company_id = ${id}) as notes,
             count(c.id) as conversations,
             count(c.id) filter (where c.status = 'open') as open, count(c.id) filter (where c.status = 'pending') as pending,
             count(c.id) filter (where c.status = 'snoozed') as snoozed, count(c.id) filter (where c.status = 'resolved') as resolved,
             count(c.id) filter (where c.status = 'closed') as closed, max(c.last_activity_at) as last_activity_at
      from support.conversations c join support.visitors v on v.id = c.visitor_id and v.organization_id = ${ORG}
      where c.organization_id = ${ORG} and v.company_id = ${id}`);
    const n = (k: string) => Number(row?.[k] ?? 0);
    const last = row?.last_activity_at;
    return {
      companyId: id,
      users: n('users'),
      notes: n('notes'),
      conversations: n('conversations'),
      open: n('open'),
      pending: n('pending'),
      snoozed: n('snoozed'),
      resolved: n('resolved'),
      closed: n('closed'),
      lastActivityAt: last ? new Date(last as string) : null,
    };
  }

  async addNote(em: EntityManager, id: string, input: CompanyNoteInput): Promise<CompanyNoteView> {
    await this.find(em, id);
    const note = em.create(CompanyNote, {
      id: newId('note'),
      companyId: id,
      content: input.content,
      createdAt: this.deps.clock.now(),
    } as never);
    await em.persistAndFlush(note);
    return noteView(note);
  }

  async notes(em: EntityManager, id: string, args: { page?: number; limit?: number }): Promise<CompanyNoteList> {
    await this.find(em, id);
    const page = resolveSupportPage(args);
    const { rows, total } = await findPage(
      em,
      CompanyNote,
      { companyId: id },
      { limit: page.limit, offset: page.offset, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return { data: rows.map(noteView), meta: supportPageMeta(page, total) };
  }
}
