import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid, notFound } from '../../../platform/errors/domain-error.js';
import type { Jobs } from '../../../platform/jobs/jobs.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { CrmList } from '../entities/crm-list.entity.js';
import { CqlQueryService } from '../cql/cql-query.service.js';
import { contactView } from '../contacts/contact-view.js';
import { parseNumericId } from '../shared/identifier.js';
import { pageMeta, resolvePage } from '../shared/crm-page.js';
import { CONTACT_COLUMNS, oneOf, pageQuery } from '../shared/sql-list.js';
import { criteriaTree } from './list-evaluation.js';
import type { CrmListInput, CrmListMembersInput, UpdateCrmListInput } from './list-input.types.js';
import { EVALUATE_LIST_JOB, filterFields, type EvaluateListData } from './list-triggers.js';
import type { CrmListView, ListMemberList, ListMembersChange } from './list.types.js';
import { ORG, sql, sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';

const MAX_IDS = 1000;

const view = (l: CrmList): CrmListView => ({
  id: l.id,
  name: l.name,
  entityType: l.entityType,
  isDynamic: l.isDynamic,
  filterCriteria: l.filterCriteria,
  memberCount: l.memberCount,
  lastEvaluatedAt: l.lastEvaluatedAt,
  createdAt: l.createdAt,
  updatedAt: l.updatedAt,
});

/** Static and dynamic lists. Dynamic ones are evaluated by the evaluate-list job (one set-based statement). */
export class ListService {
  private readonly cql = new CqlQueryService();

  constructor(
    private readonly jobs: Jobs,
    private readonly waitTimeoutMs = 30_000,
  ) {}

  async list(em: EntityManager, entityType?: string): Promise<CrmListView[]> {
    const where = entityType ? { entityType: oneOf('entityType', entityType, ['CONTACT']) } : {};
    return (await em.find(CrmList, where, { orderBy: { id: 'asc' } })).map(view);
  }

  async get(em: EntityManager, rawId: string): Promise<CrmList> {
    const list = await em.findOne(CrmList, { id: parseNumericId(rawId) });
    if (!list) throw notFound('List');
    return list;
  }

  async detail(em: EntityManager, rawId: string): Promise<CrmListView> {
    return view(await this.get(em, rawId));
  }

  async create(em: EntityManager, body: CrmListInput): Promise<CrmListView> {
    const name = body.name!;
    const entityType = body.entityType ?? 'CONTACT';
    const isDynamic = body.isDynamic === true;
    if (isDynamic) await this.checkCriteria(em, body.filterCriteria);
    else if (body.filterCriteria !== undefined && body.filterCriteria !== null)
      throw invalid('filterCriteria', body.filterCriteria, 'nothing (static lists have no filter)');
    return em.transactional(async (tx) => {
      const list = tx.create(CrmList, {
        organizationId: tenantOf(tx),
        name,
        entityType,
        isDynamic,
        filterCriteria: isDynamic ? body.filterCriteria : null,
      });
      await tx.flush();
      await this.storeFields(tx, list);
      // First evaluation now; its scheduled chain re-runs it every hour (LIST_SCHEDULE_MS).
      if (isDynamic)
        await this.jobs.enqueue(tx, EVALUATE_LIST_JOB, {
          organizationId: list.organizationId,
          listId: list.id,
          scheduled: true,
        });
      return view(list);
    });
  }

  async update(em: EntityManager, rawId: string, body: UpdateCrmListInput): Promise<CrmListView> {
    const list = await this.get(em, rawId);
    if (body.name != null) list.name = body.name;
    const refilter = body.filterCriteria !== undefined;
    if (refilter) {
      if (!list.isDynamic)
        throw invalid('filterCriteria', body.filterCriteria, 'nothing (static lists have no filter)');
      await this.checkCriteria(em, body.filterCriteria);
      list.filterCriteria = body.filterCriteria;
    }
    list.updatedAt = new Date();
    return em.transactional(async (tx) => {
      await tx.flush();
      if (refilter) await this.storeFields(tx, list);
      if (refilter)
        await this.jobs.enqueue(tx, EVALUATE_LIST_JOB, {
          organizationId: list.organizationId,
          listId: list.id,
        } satisfies EvaluateListData);
      return view(list);
    });
  }

  async remove(em: EntityManager, rawId: string): Promise<boolean> {
    const list = await this.get(em, rawId);
    await tenantSql(em).run(sql`delete from crm.lists where organization_id = ${ORG} and id = ${list.id}`);
    return true;
  }

  /** POST /evaluate: runs the evaluation as an Agenda job and answers once that run has committed. */
  async evaluate(em: EntityManager, rawId: string): Promise<number> {
    const list = await this.get(em, rawId);
    if (!list.isDynamic) throw invalid('id', list.id, 'a dynamic list', 'Only dynamic lists are evaluated');
    await this.checkCriteria(em, list.filterCriteria, true);
    const seq = await em.transactional(async (tx) => {
      const rows = await tenantSql(tx).rows<{ requested_seq: number }>(
        sql`update crm.lists set requested_seq = requested_seq + 1 where organization_id = ${ORG} and id = ${list.id} returning requested_seq`,
      );
      await this.jobs.enqueue(tx, EVALUATE_LIST_JOB, {
        organizationId: list.organizationId,
        listId: list.id,
      } satisfies EvaluateListData);
      return rows[0]!.requested_seq;
    });
    const deadline = Date.now() + this.waitTimeoutMs;
    for (;;) {
      const rows = await tenantSql(em).rows<{ evaluated_seq: number; member_count: number }>(
        sql`select evaluated_seq, member_count from crm.lists where organization_id = ${ORG} and id = ${list.id}`,
      );
      if (!rows[0]) throw notFound('List');
      if (rows[0].evaluated_seq >= seq) return rows[0].member_count;
      if (Date.now() > deadline)
        throw new DomainError(
          'SERVICE_UNAVAILABLE',
          'The evaluation did not finish in time; it will complete in the background',
        );
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async members(em: EntityManager, rawId: string, args: { page?: number; limit?: number }): Promise<ListMemberList> {
    const list = await this.get(em, rawId);
    const page = resolvePage(args);
    const { rows, total } = await pageQuery<Parameters<typeof contactView>[0]>(
      em,
      `select ${CONTACT_COLUMNS}, count(*) over() as __total from crm.list_members m join crm.contacts c on c.id = m.contact_id and c.organization_id = m.organization_id
       where m.organization_id = ? and m.list_id = ? order by m.added_at desc, c.id desc`,
      [ORG, list.id],
      page.limit,
      page.offset,
      'select count(*) as n from crm.list_members m where m.organization_id = ? and m.list_id = ?',
    );
    return { data: rows.map(contactView), meta: pageMeta(page, total) };
  }

  /** Static lists only; at most 1000 ids per call; ids of other organizations or unknown ids are a 400. */
  async changeMembers(
    em: EntityManager,
    rawId: string,
    body: CrmListMembersInput,
    add: boolean,
  ): Promise<ListMembersChange> {
    const list = await this.get(em, rawId);
    if (list.isDynamic)
      throw invalid(
        'id',
        list.id,
        'a static list',
        'Members of a dynamic list follow its filter; they cannot be changed by hand',
      );
    const ids = body.entityIds;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_IDS)
      throw invalid('entityIds', Array.isArray(ids) ? ids.length : (ids ?? null), `1 to ${MAX_IDS} contact ids`);
    if (ids.some((id) => !Number.isInteger(id) || id < 1))
      throw invalid(
        'entityIds',
        ids.find((id) => !Number.isInteger(id) || id < 1),
        'positive integer ids',
      );
    return em.transactional(async (tx) => {
      const db = tenantSql(tx);
      let changed: number;
      if (add) {
        const known = await db.rows<{ id: string }>(
          sqlOf(`select id from crm.contacts where organization_id = ? and id in (${ids.map(() => '?').join(', ')})`, [
            ORG,
            ...ids,
          ]),
        );
        if (known.length !== new Set(ids).size) {
          const found = new Set(known.map((k) => Number(k.id)));
          throw invalid(
            'entityIds',
            ids.filter((id) => !found.has(id)).slice(0, 20),
            'ids of existing contacts',
            'Unknown contact ids',
          );
        }
        const rows = await db.rows<{ n: number }>(
          sqlOf(
            `with added as (insert into crm.list_members (organization_id, list_id, contact_id, added_at)
             select ?, ?, c.id, now() from crm.contacts c where c.organization_id = ? and c.id in (${ids.map(() => '?').join(', ')}) on conflict do nothing returning 1)
           select count(*)::int as n from added`,
            [ORG, list.id, ORG, ...ids],
          ),
        );
        changed = rows[0]!.n;
      } else {
        const rows = await db.rows<{ n: number }>(
          sqlOf(
            `with removed as (delete from crm.list_members where organization_id = ? and list_id = ? and contact_id in (${ids.map(() => '?').join(', ')}) returning 1) select count(*)::int as n from removed`,
            [ORG, list.id, ...ids],
          ),
        );
        changed = rows[0]!.n;
      }
      const count = await db.rows<{ member_count: number }>(
        sql`update crm.lists set member_count = (select count(*) from crm.list_members where organization_id = ${ORG} and list_id = ${list.id}), updated_at = now() where organization_id = ${ORG} and id = ${list.id} returning member_count`,
      );
      return { changed, memberCount: count[0]!.member_count };
    });
  }

  /** The fields the filter reads, so contact changes elsewhere leave the list alone. */
  private async storeFields(tx: EntityManager, list: CrmList): Promise<void> {
    if (!list.isDynamic) return;
    const fields = filterFields(criteriaTree(list.filterCriteria));
    await tenantSql(tx).run(
      sql`update crm.lists set filter_fields = ${`{${fields.map((f) => `"${f}"`).join(',')}}`}::text[] where organization_id = ${ORG} and id = ${list.id}`,
    );
  }

  /** A dynamic list's criteria must parse and compile now, not fail later in its job; `stored` ones may name deleted properties. */
  private async checkCriteria(em: EntityManager, criteria: unknown, stored = false): Promise<void> {
    if (criteria === undefined || criteria === null)
      throw invalid('filterCriteria', null, 'a CQL filter object', 'A dynamic list needs filterCriteria');
    await this.cql.compile(em, 'contact', criteriaTree(criteria), stored);
  }
}
