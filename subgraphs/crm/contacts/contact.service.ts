import type { EntityManager } from '@mikro-orm/postgresql';
import { invalid } from '../../../platform/errors/domain-error.js';
import { CONTACT_STATUSES, LIFECYCLE_STAGES } from '../entities/contact.entity.js';
import { pageMeta, resolvePage } from '../shared/crm-page.js';
import { CONTACT_COLUMNS, isoDate, oneOf, Where } from '../shared/sql-list.js';
import { getContact, readContact } from './contact-lookup.js';
import { contactView } from './contact-view.js';
import type { ContactList, ContactView } from './contact.types.js';
import { ORG, sql, sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';

export interface ContactListArgs {
  page?: number;
  limit?: number;
  search?: string;
  status?: string;
  lifecycleStage?: string;
  module?: string;
  isIdentified?: boolean;
  from?: string;
  to?: string;
  sortBy?: string;
  sortOrder?: string;
}

const SORT_COLUMNS = {
  createdAt: 'c.created_at',
  lastActivityAt: 'c.last_activity_at',
  email: 'c.email',
  name: 'c.name',
} as const;
const MODULES = ['CRM', 'SUPPORT', 'INTEGRATION'] as const;

/** Escapes LIKE wildcards so a search for "50%" means the characters. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** Contact reads: one contact (any identifier), the filtered list, typeahead search. */
export class ContactService {
  async get(em: EntityManager, id: string): Promise<ContactView> {
    return contactView(await getContact(em, id, readContact));
  }

  async list(em: EntityManager, args: ContactListArgs): Promise<ContactList> {
    const page = resolvePage(args);
    const where = new Where().add('c.organization_id = ?', ORG);
    if (args.status) where.add('c.status = ?', oneOf('status', args.status, CONTACT_STATUSES));
    else where.add(`c.status in ('ACTIVE', 'ARCHIVED')`);
    if (args.lifecycleStage)
      where.add('c.lifecycle_stage = ?', oneOf('lifecycleStage', args.lifecycleStage, LIFECYCLE_STAGES));
    if (args.module) where.add('c.module = ?', oneOf('module', args.module, MODULES));
    if (args.isIdentified !== undefined && args.isIdentified !== null)
      where.add(args.isIdentified ? 'c.email is not null' : 'c.email is null');
    if (args.from) where.add('c.created_at >= ?', isoDate('from', args.from));
    if (args.to) where.add('c.created_at <= ?', isoDate('to', args.to));
    if (args.search) {
      if (args.search.length > 200) throw invalid('search', args.search.length, 'at most 200 characters');
      const like = `%${likeEscape(args.search.toLowerCase())}%`;
      where.add('(lower(c.name) like ? or lower(c.email) like ? or c.phone like ?)', like, like, like);
    }
    const sortBy = args.sortBy
      ? oneOf('sortBy', args.sortBy, Object.keys(SORT_COLUMNS) as (keyof typeof SORT_COLUMNS)[])
      : 'createdAt';
    const order = args.sortOrder ? oneOf('sortOrder', args.sortOrder, ['asc', 'desc']) : 'desc';
    // createdAt is never null: without NULLS LAST the order matches the (organization, created_at, id) index.
    const orderBy =
      sortBy === 'createdAt'
        ? `c.created_at ${order}, c.id ${order}`
        : `${SORT_COLUMNS[sortBy]} ${order} nulls last, c.id ${order}`;
    // The page and the total as two statements: a window count would read every matching row to serve twenty. The
    // unfiltered list (every live contact) reads the total the contacts table's triggers keep.
    const unfiltered =
      !args.status &&
      !args.lifecycleStage &&
      !args.module &&
      (args.isIdentified ?? null) === null &&
      !args.from &&
      !args.to &&
      !args.search;
    const db = tenantSql(em);
    const [rows, count] = await Promise.all([
      db.rows<Parameters<typeof contactView>[0]>(
        sqlOf(`select ${CONTACT_COLUMNS} from crm.contacts c where ${where} order by ${orderBy} limit ? offset ?`, [
          ...where.params,
          page.limit,
          page.offset,
        ]),
      ),
      unfiltered
        ? db.rows<{ n: string }>(
            sql`select coalesce((select live from crm.contact_totals where organization_id = ${ORG}), 0) as n`,
          )
        : db.rows<{ n: string }>(sqlOf(`select count(*) as n from crm.contacts c where ${where}`, where.params)),
    ]);
    const total = Number(count[0]!.n);
    return { data: rows.map(contactView), meta: pageMeta(page, total) };
  }

  /** Typeahead over name, email and phone (trigram indexes), best matches first. */
  async search(em: EntityManager, q: string, limit = 10): Promise<ContactView[]> {
    if (typeof q !== 'string' || q.trim() === '' || q.length > 200)
      throw invalid('q', q ?? null, '1 to 200 characters', 'q is required');
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid('limit', limit, '1..100');
    const term = q.trim().toLowerCase();
    const like = `%${likeEscape(term)}%`;
    const rows = await tenantSql(em).rows<Parameters<typeof contactView>[0]>(
      sqlOf(
        `select ${CONTACT_COLUMNS} from crm.contacts c
       where c.organization_id = ? and c.status in ('ACTIVE', 'ARCHIVED') and (lower(c.name) like ? or lower(c.email) like ? or c.phone like ?)
       order by greatest(similarity(lower(coalesce(c.name, '')), ?), similarity(lower(coalesce(c.email, '')), ?)) desc, c.id desc limit ?`,
        [ORG, like, like, like, term, term, limit],
      ),
    );
    return rows.map(contactView);
  }
}
