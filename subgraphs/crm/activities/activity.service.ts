import type { EntityManager } from '@mikro-orm/postgresql';
import type { CrmActivityInput } from './activity-input.types.js';
import { newId } from '../../../platform/ids/ids.js';
import { getContact, writeTarget } from '../contacts/contact-lookup.js';
import type { AppliedWrite, PendingWriteRow } from '../contacts/contact-commit.js';
import type { ContactRows } from '../writes/contact-rows.js';
import { pageMeta, resolvePage } from '../shared/crm-page.js';
import { isoDate, oneOf, pageQuery, Where } from '../shared/sql-list.js';
import { acceptWrite } from '../writes/pending-writes.js';
import type { ActivityList, ActivityProvisional, ActivityView } from './activity.types.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

export const LOGGED_TYPES = ['NOTE', 'CALL', 'MEETING', 'EMAIL', 'TASK'] as const;
export const ALL_TYPES = [...LOGGED_TYPES, 'PAGE_VIEW', 'CUSTOM_EVENT'] as const;
export const MODULES = ['CRM', 'SUPPORT', 'INTEGRATION'] as const;

const COLUMNS = `a.id::text as id, a.external_id as "externalId", a.contact_id::text as "contactId", a.type, a.module, a.content, a.properties, a.created_at as "createdAt"`;
const view = (r: ActivityView): ActivityView => ({ ...r, createdAt: new Date(r.createdAt) });

/** Activities: logged asynchronously behind the contact's own writes (same commit queue), listed with filters. */
export class ActivityService {
  async create(em: EntityManager, contactId: string, body: CrmActivityInput): Promise<ActivityProvisional> {
    const type = body.type!;
    const properties = body.properties ?? {};
    const target = await writeTarget(em, contactId);
    const externalId = newId('act');
    const correlationId = await acceptWrite(em, {
      entity: 'activity',
      operation: 'create',
      target: target.externalId,
      payload: { externalId, type, content: body.content ?? null, properties },
    });
    return {
      id: null,
      externalId,
      contactExternalId: target.externalId,
      type,
      pending: true,
      correlationId,
      location: null,
    };
  }

  async list(
    em: EntityManager,
    contactId: string,
    args: { page?: number; limit?: number; type?: string; module?: string; from?: string; to?: string },
  ): Promise<ActivityList> {
    const contact = await getContact(em, contactId);
    const page = resolvePage(args);
    const where = new Where().add('a.organization_id = ?', ORG).add('a.contact_id = ?', contact.id);
    if (args.type) where.add('a.type = ?', oneOf('type', args.type, ALL_TYPES));
    if (args.module) where.add('a.module = ?', oneOf('module', args.module, MODULES));
    if (args.from) where.add('a.created_at >= ?', isoDate('from', args.from));
    if (args.to) where.add('a.created_at <= ?', isoDate('to', args.to));
    const { rows, total } = await pageQuery<ActivityView>(
      em,
      `select ${COLUMNS}, count(*) over() as __total from crm.activities a where ${where} order by a.created_at desc, a.id desc`,
      where.params,
      page.limit,
      page.offset,
      `select count(*) as n from crm.activities a where ${where}`,
    );
    return { data: rows.map(view), meta: pageMeta(page, total) };
  }
}

/** Commit of an accepted activity, in the contact's write order: the row, and the contact's lastActivityAt. */
export async function applyActivityWrite(contacts: ContactRows, write: PendingWriteRow): Promise<AppliedWrite> {
  const { tx } = contacts;
  const contact = await contacts.get(write.target);
  if (!contact) return { error: 'The contact is gone', changed: [] };
  const p = write.payload as {
    externalId: string;
    type: string;
    content: string | null;
    properties: Record<string, unknown>;
  };
  const db = tenantSql(tx);
  const inserted = await db.rows<{ id: string }>(
    sql`insert into crm.activities (organization_id, external_id, contact_id, type, module, content, properties, created_at) values (${ORG}, ${p.externalId}, ${contact.id}, ${p.type}, 'CRM', ${p.content}, ${JSON.stringify(p.properties)}::jsonb, ${new Date(write.acceptedAt)})
     on conflict (organization_id, external_id) do nothing returning id`,
  );
  await db.run(
    sql`update crm.contacts set last_activity_at = greatest(last_activity_at, ${new Date(write.acceptedAt)}) where organization_id = ${ORG} and id = ${contact.id}`,
  );
  // Lists filtering on lastActivityAt re-evaluate; integrations get the activity, not the contact again.
  return { changed: [], activities: inserted.map((r) => String(r.id)), fields: ['lastActivityAt'] };
}
