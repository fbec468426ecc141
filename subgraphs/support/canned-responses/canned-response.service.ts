import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { findPage } from '../../../platform/orm/find-page.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { invalidTemplate, TemplateError } from '../../../platform/templates/template-error.js';
import { CannedResponse } from '../entities/canned-response.entity.js';
import { checkCanned } from './canned-render.js';
import { resolveSupportPage, supportPageMeta } from '../shared/support-page.js';
import { conflictOnDuplicate } from '../shared/unique-violation.js';
import type { SupportDeps } from '../shared/support-deps.js';
import type {
  CannedResponseCreateInput,
  CannedResponseList,
  CannedResponseListArgs,
  CannedResponseUpdateInput,
  CannedResponseView,
} from './canned-response.types.js';

const view = (c: CannedResponse): CannedResponseView => ({
  id: c.id,
  title: c.title,
  shortcut: c.shortcut,
  content: c.content,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});
const TAKEN = 'This shortcut is already used by another canned response';

/** Content must parse as Liquid when it is written: a 400 naming `content` and where Liquid stopped, nothing stored. */
function checkContent(content: string): void {
  try {
    checkCanned(content, 'content');
  } catch (error) {
    if (error instanceof TemplateError) throw invalidTemplate(error, content);
    throw error;
  }
}

interface CannedRow {
  id: string;
  title: string;
  shortcut: string;
  content: string;
  created_at: Date;
  updated_at: Date;
  total: string;
}

export class CannedResponseService {
  constructor(private readonly deps: SupportDeps) {}

  async find(em: EntityManager, id: string): Promise<CannedResponse> {
    const canned = await em.findOne(CannedResponse, { id });
    if (!canned) throw notFound('Canned response');
    return canned;
  }

  /** Without search: by shortcut. With it: shortcut prefix first, then shortcut substring, then title or content (Chatwoot). */
  async list(em: EntityManager, args: CannedResponseListArgs): Promise<CannedResponseList> {
    const page = resolveSupportPage(args);
    if (!args.search) {
      const { rows, total } = await findPage(
        em,
        CannedResponse,
        {},
        { limit: page.limit, offset: page.offset, orderBy: { shortcut: 'asc', id: 'asc' } },
      );
      return { data: rows.map(view), meta: supportPageMeta(page, total) };
    }
    const q = args.search.toLowerCase().replace(/[\\%_]/g, '\\$&');
    const rows = await tenantSql(em).rows<CannedRow>(sql`
      select id, title, shortcut, content, created_at, updated_at, count(*) over() as total from support.canned_responses
      where organization_id = ${ORG} and (lower(shortcut) like ${`%${q}%`} or lower(title) like ${`%${q}%`} or lower(content) like ${`%${q}%`})
      order by case when lower(shortcut) like ${`${q}%`} then 0 when lower(shortcut) like ${`%${q}%`} then 1 else 2 end, lower(shortcut), id
      limit ${page.limit} offset ${page.offset}`);
    const total = rows.length ? Number(rows[0]!.total) : 0;
    return {
      data: rows.map((r) => ({
        id: r.id,
        title: r.title,
        shortcut: r.shortcut,
        content: r.content,
        createdAt: new Date(r.created_at),
        updatedAt: new Date(r.updated_at),
      })),
      meta: supportPageMeta(page, total),
    };
  }

  async get(em: EntityManager, id: string): Promise<CannedResponseView> {
    return view(await this.find(em, id));
  }

  async create(em: EntityManager, input: CannedResponseCreateInput): Promise<CannedResponseView> {
    checkContent(input.content);
    const now = this.deps.clock.now();
    const canned = em.create(CannedResponse, {
      id: newId('canned'),
      title: input.title,
      shortcut: input.shortcut,
      content: input.content,
      createdAt: now,
      updatedAt: now,
    } as never);
    await conflictOnDuplicate(() => em.persistAndFlush(canned), TAKEN, { field: 'shortcut', received: input.shortcut });
    return view(canned);
  }

  async update(em: EntityManager, id: string, input: CannedResponseUpdateInput): Promise<CannedResponseView> {
    if (input.content != null) checkContent(input.content);
    const canned = await this.find(em, id);
    if (input.title != null) canned.title = input.title;
    if (input.shortcut != null) canned.shortcut = input.shortcut;
    if (input.content != null) canned.content = input.content;
    await conflictOnDuplicate(() => em.flush(), TAKEN, { field: 'shortcut', received: input.shortcut });
    return view(canned);
  }

  async remove(em: EntityManager, id: string): Promise<boolean> {
    await em.removeAndFlush(await this.find(em, id));
    return true;
  }
}
