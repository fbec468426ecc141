import type { EntityManager } from '@mikro-orm/postgresql';
import { invalid } from '../../../platform/errors/domain-error.js';
import { contactView } from '../contacts/contact-view.js';
import { companyView, type CompanyRow } from '../companies/company.types.js';
import { pageMeta, resolvePage } from '../shared/crm-page.js';
import { CONTACT_COLUMNS } from '../shared/sql-list.js';
import type { Node } from './cql-ast.js';
import { compileCql } from './cql-compile.js';
import { cqlError } from './cql-error.js';
import { fieldRegistry, type FieldRegistry } from './cql-fields.js';
import { parseFilter } from './cql-filter.js';
import { parseWhere } from './cql-parser.js';
import type { CrmQueryResult } from './cql-query.types.js';
import { ORG, sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';

const COMPANY_COLUMNS = `c.id, c.external_id as "externalId", c.name, c.domain, c.industry, c.size, c.plan, c.website, c.phone, c.status, c.properties,
  c.created_at as "createdAt", c.updated_at as "updatedAt"`;
const TABLE = { contact: 'crm.contacts', company: 'crm.companies' } as const;
const DEFAULT_STATUS = { contact: `c.status in ('ACTIVE', 'ARCHIVED')`, company: `c.status <> 'DELETED'` } as const;

export interface CrmQueryInput {
  entity?: unknown;
  where?: unknown;
  filter?: unknown;
  sort?: unknown;
  page?: unknown;
  limit?: unknown;
}

const mentions = (node: Node, field: string): boolean =>
  node.type === 'group' ? node.conditions.some((c) => mentions(c, field)) : node.field === field;

/** `field:direction` (comma-separated for several) → ORDER BY over registry fields only. */
function orderBy(sort: unknown, registry: FieldRegistry, params: unknown[]): string {
  if (sort === undefined || sort === null || sort === '') return 'c.created_at desc, c.id desc';
  if (typeof sort !== 'string' || sort.length > 500) throw cqlError('sort', 0, 'field:direction', sort);
  const parts: string[] = [];
  let offset = 0;
  for (const item of sort.split(',')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_.]*)(?::(asc|desc))?\s*$/i.exec(item);
    if (!m) throw cqlError('sort', offset, 'field:asc or field:desc', item);
    const field = registry.get(m[1]!);
    if (!field || field.multi || field.type === 'MULTI_SELECT')
      throw cqlError(
        'sort',
        offset,
        registry.fields.filter((f) => f.type !== 'MULTI_SELECT').map((f) => f.name),
        m[1],
        `Cannot sort by "${m[1]}"`,
      );
    params.push(...field.expr.params);
    parts.push(`${field.expr.sql} ${(m[2] ?? 'asc').toLowerCase()} nulls last`);
    offset += item.length + 1;
  }
  return [...parts, 'c.id desc'].join(', ');
}

/** POST /crm/query and the /filter endpoints: CQL → one parameterised statement, with its time and plan cost. */
export class CqlQueryService {
  constructor(private readonly clock: () => Date = () => new Date()) {}

  /** Parses `where` or `filter` into the tree (null: no condition). */
  parse(input: { where?: unknown; filter?: unknown }): Node | null {
    const hasWhere = input.where !== undefined && input.where !== null;
    const hasFilter = input.filter !== undefined && input.filter !== null;
    if (hasWhere && hasFilter)
      throw invalid('where', 'where and filter', 'one of where or filter', 'Give either where or filter, not both');
    if (hasWhere) {
      if (typeof input.where !== 'string') throw invalid('where', input.where, 'a string');
      return parseWhere(input.where);
    }
    return hasFilter ? parseFilter(input.filter) : null;
  }

  /** The tree compiled for an entity, as SQL over alias `c` (used by dynamic lists too). */
  /** `withArchived`: fields of deleted properties resolve too (stored list filters). */
  async compile(
    em: EntityManager,
    entity: 'contact' | 'company',
    tree: Node | null,
    withArchived = false,
  ): Promise<{ sql: string; params: unknown[]; registry: FieldRegistry }> {
    const registry = await fieldRegistry(em, entity, withArchived);
    if (!tree) return { sql: DEFAULT_STATUS[entity], params: [], registry };
    const compiled = compileCql(tree, registry, typeof tree.at === 'number' ? 'where' : 'filter', this.clock());
    const sql = mentions(tree, 'status') ? compiled.sql : `${DEFAULT_STATUS[entity]} and ${compiled.sql}`;
    return { sql, params: compiled.params, registry };
  }

  async query(em: EntityManager, input: CrmQueryInput): Promise<CrmQueryResult> {
    const entity = input.entity ?? 'contact';
    if (entity !== 'contact' && entity !== 'company') throw invalid('entity', entity, ['contact', 'company']);
    const page = resolvePage({ page: input.page, limit: input.limit });
    const tree = this.parse(input);
    const { sql: condition, params, registry } = await this.compile(em, entity, tree);
    const orderParams: unknown[] = [];
    const order = orderBy(input.sort, registry, orderParams);
    const columns = entity === 'contact' ? CONTACT_COLUMNS : COMPANY_COLUMNS;
    const statement = `select ${columns}, count(*) over() as __total from ${TABLE[entity]} c where c.organization_id = ? and ${condition} order by ${order} limit ? offset ?`;
    const bound = [ORG, ...params, ...orderParams, page.limit, page.offset];
    const db = tenantSql(em);
    const plan = await db.rows<{ 'QUERY PLAN': [{ Plan: { 'Total Cost': number } }] }>(
      sqlOf(`explain (format json) ${statement}`, bound),
    );
    const started = process.hrtime.bigint();
    const rows = await db.rows<Record<string, unknown>>(sqlOf(statement, bound));
    let total = rows.length > 0 ? Number(rows[0]!.__total) : 0;
    if (rows.length === 0 && page.offset > 0) {
      total = Number(
        (
          await db.rows<{ n: string }>(
            sqlOf(`select count(*) as n from ${TABLE[entity]} c where c.organization_id = ? and ${condition}`, [
              ORG,
              ...params,
            ]),
          )
        )[0]!.n,
      );
    }
    const queryTimeMs = Number(process.hrtime.bigint() - started) / 1e6;
    for (const row of rows) delete row.__total;
    const meta = {
      ...pageMeta(page, total),
      queryTimeMs: Math.round(queryTimeMs * 1000) / 1000,
      estimatedCost: plan[0]!['QUERY PLAN'][0].Plan['Total Cost'],
    };
    return entity === 'contact'
      ? { entity, contacts: rows.map((r) => contactView(r as never)), companies: null, meta }
      : { entity, contacts: null, companies: rows.map((r) => companyView(r as unknown as CompanyRow)), meta };
  }
}
