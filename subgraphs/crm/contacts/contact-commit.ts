import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContactInput } from './contact-input.js';
import { touchedFields } from '../lists/list-triggers.js';
import type { ContactRows } from '../writes/contact-rows.js';
import { targetLockHash } from '../writes/pending-writes.js';
import { ORG, sql, sqlOf, tenantSql } from '../../../platform/orm/tenant-sql.js';

/** Input key → column. A fixed map: column names never come from input. */
const COLUMNS: Record<string, string> = {
  email: 'email',
  name: 'name',
  givenName: 'given_name',
  familyName: 'family_name',
  phone: 'phone',
  lifecycleStage: 'lifecycle_stage',
  status: 'status',
};

export interface AppliedWrite {
  /** Error text when the write could not apply (its target vanished); the write is then FAILED. */
  error?: string;
  /** Contact ids whose fields changed (dynamic lists re-evaluate, integrations get them). */
  changed: string[];
  /** Activities created (pushed to integrations). */
  activities?: string[];
  /** CQL fields the write changed (dynamic lists filtering on them re-evaluate); 'all' for creations, deletions, merges. */
  fields?: string[] | 'all';
}

async function updateContact(tx: EntityManager, id: string, input: ContactInput): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [key, column] of Object.entries(COLUMNS)) {
    if (!(key in input)) continue;
    sets.push(`${column} = ?`);
    params.push((input as Record<string, unknown>)[key] ?? null);
  }
  if (input.properties && Object.keys(input.properties).length > 0) {
    // Merge; a null value removes the key (values are scalars or string arrays, so stripping nulls touches only those).
    sets.push('properties = jsonb_strip_nulls(properties || ?::jsonb)');
    params.push(JSON.stringify(input.properties));
  }
  sets.push('updated_at = clock_timestamp()');
  await tenantSql(tx).run(
    sqlOf(`update crm.contacts set ${sets.join(', ')} where organization_id = ? and id = ?`, [...params, ORG, id]),
  );
}

/** The winner keeps the loser's companies, tags, activities and static list memberships, and fills its empty fields. */
async function mergeContacts(contacts: ContactRows, winnerId: string, loserExternalId: string): Promise<AppliedWrite> {
  const { tx } = contacts;
  const db = tenantSql(tx);
  await db.rows(sql`select pg_advisory_xact_lock(${targetLockHash(loserExternalId)})`);
  const loser = await contacts.get(loserExternalId);
  if (!loser || loser.status === 'DELETED' || loser.status === 'MERGED')
    return { error: 'The loser contact is gone', changed: [] };
  const l = loser.id;
  await db.run(sql`insert into crm.contact_companies (organization_id, contact_id, company_id, role, is_primary, created_at)
     select organization_id, ${winnerId}, company_id, role, false, created_at from crm.contact_companies where organization_id = ${ORG} and contact_id = ${l} on conflict do nothing`);
  await db.run(sql`delete from crm.contact_companies where organization_id = ${ORG} and contact_id = ${l}`);
  await db.run(sql`insert into crm.contact_tags (organization_id, contact_id, tag_id, created_at)
     select organization_id, ${winnerId}, tag_id, created_at from crm.contact_tags where organization_id = ${ORG} and contact_id = ${l} on conflict do nothing`);
  await db.run(sql`delete from crm.contact_tags where organization_id = ${ORG} and contact_id = ${l}`);
  await db.run(
    sql`update crm.activities set contact_id = ${winnerId} where organization_id = ${ORG} and contact_id = ${l}`,
  );
  await db.run(sql`insert into crm.list_members (organization_id, list_id, contact_id, added_at)
     select m.organization_id, m.list_id, ${winnerId}, m.added_at from crm.list_members m join crm.lists li on li.id = m.list_id and li.organization_id = m.organization_id where m.organization_id = ${ORG} and m.contact_id = ${l} and not li.is_dynamic on conflict do nothing`);
  await db.run(sql`delete from crm.list_members where organization_id = ${ORG} and contact_id = ${l}`);
  await db.run(sql`update crm.contacts w set name = coalesce(w.name, lo.name), given_name = coalesce(w.given_name, lo.given_name), family_name = coalesce(w.family_name, lo.family_name),
       phone = coalesce(w.phone, lo.phone), lifecycle_stage = coalesce(w.lifecycle_stage, lo.lifecycle_stage), properties = lo.properties || w.properties,
       last_activity_at = greatest(w.last_activity_at, lo.last_activity_at), updated_at = clock_timestamp()
     from crm.contacts lo where w.organization_id = ${ORG} and lo.organization_id = ${ORG} and w.id = ${winnerId} and lo.id = ${l}`);
  await db.run(
    sql`update crm.contacts set status = 'MERGED', merged_into_id = ${winnerId}, updated_at = clock_timestamp() where organization_id = ${ORG} and id = ${l}`,
  );
  loser.status = 'MERGED';
  return { changed: [winnerId, l], fields: 'all' };
}

export interface PendingWriteRow {
  id: string;
  operation: string;
  payload: Record<string, unknown>;
  acceptedAt: Date;
  target: string;
}

/**
 * Applies one accepted contact write, in order, under the target's lock. A creation is queued in `contacts` and
 * inserted with the batch's others: its id is in `contacts.created`, not in `changed`.
 */
export async function applyContactWrite(contacts: ContactRows, write: PendingWriteRow): Promise<AppliedWrite> {
  const { tx } = contacts;
  const existing = await contacts.get(write.target);
  const input = write.payload as ContactInput;
  switch (write.operation) {
    case 'create':
    case 'upsert':
      if (!existing) {
        contacts.create(write.target, input, new Date(write.acceptedAt));
        return { changed: [], fields: 'all' };
      }
      await updateContact(tx, existing.id, input);
      return { changed: [existing.id], fields: touchedFields(write.operation, write.payload, true) };
    case 'patch':
      if (!existing || existing.status === 'DELETED' || existing.status === 'MERGED')
        return { error: 'The contact is gone', changed: [] };
      await updateContact(tx, existing.id, input);
      return { changed: [existing.id], fields: touchedFields('patch', write.payload, true) };
    case 'delete':
      if (!existing) return { error: 'The contact is gone', changed: [] };
      await tenantSql(tx).run(
        sql`update crm.contacts set status = 'DELETED', updated_at = clock_timestamp() where organization_id = ${ORG} and id = ${existing.id}`,
      );
      existing.status = 'DELETED';
      return { changed: [existing.id], fields: 'all' };
    case 'merge':
      if (!existing || existing.status === 'DELETED' || existing.status === 'MERGED')
        return { error: 'The winner contact is gone', changed: [] };
      return mergeContacts(contacts, existing.id, String(write.payload.loserExternalId));
    default:
      return { error: `Unknown operation ${write.operation}`, changed: [] };
  }
}

/**
 * Releases email claims contacts no longer need: not their current email (a live contact's) and not the email
 * of one of their writes still waiting.
 */
export async function reconcileEmailClaims(tx: EntityManager, externalIds: string[]): Promise<void> {
  await tenantSql(tx).run(
    sqlOf(
      `delete from crm.contact_emails ce where ce.organization_id = ? and ce.external_id in (${externalIds.map(() => '?').join(', ')})
       and not exists (select 1 from crm.contacts c where c.organization_id = ce.organization_id and c.external_id = ce.external_id
                       and c.email = ce.email and c.status not in ('DELETED', 'MERGED'))
       and not exists (select 1 from crm.pending_writes pw where pw.organization_id = ce.organization_id and pw.target_external_id = ce.external_id
                       and pw.status = 'ACCEPTED' and pw.payload->>'email' = ce.email)`,
      [ORG, ...externalIds],
    ),
  );
}
