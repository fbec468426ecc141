import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, notFound } from '../../../platform/errors/domain-error.js';
import { entityColumns, plainRows } from '../../../platform/orm/plain-rows.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import { Contact } from '../entities/contact.entity.js';
import { parseIdentifier } from '../shared/identifier.js';
import { emailClaimant, hasPendingCreate } from '../writes/pending-writes.js';

export const pendingError = (what: string) =>
  new DomainError('PENDING', `${what} was accepted and its write has not committed yet; retry shortly`);

/** Committed contact by numeric id, `ctc_` id or email (email: the live contact holding it), or null. */
export async function findContact(em: EntityManager, raw: string): Promise<Contact | null> {
  const id = parseIdentifier(raw, 'ctc', true);
  if (id.kind === 'id') return em.findOne(Contact, { id: id.value });
  if (id.kind === 'external') return em.findOne(Contact, { externalId: id.value });
  return em.findOne(Contact, { email: id.value, status: { $nin: ['DELETED', 'MERGED'] } }, { orderBy: { id: 'desc' } });
}

/**
 * `findContact` for reads that only render the contact: one written-out statement per kind of identifier, prepared once
 * per connection, its row a plain object (never flush it). The contact card's lookup in the cross-module query, where
 * MikroORM's findOne was the largest cost left (BENCHMARKS.md).
 */
export async function readContact(em: EntityManager, raw: string): Promise<Contact | null> {
  const id = parseIdentifier(raw, 'ctc', true);
  const db = tenantSql(em);
  const columns = entityColumns(em, Contact);
  const [row] =
    id.kind === 'id'
      ? await db.rowsBound(
          sql`select ${columns} from crm.contacts where organization_id = ${ORG} and id = ${id.value}`,
          'crm_contact_by_id',
        )
      : id.kind === 'external'
        ? await db.rowsBound(
            sql`select ${columns} from crm.contacts where organization_id = ${ORG} and external_id = ${id.value} limit 1`,
            'crm_contact_by_external_id',
          )
        : await db.rowsBound(
            sql`select ${columns} from crm.contacts where organization_id = ${ORG} and email = ${id.value} and status not in ('DELETED', 'MERGED') order by id desc limit 1`,
            'crm_contact_by_email',
          );
  return row ? plainRows(em, Contact, [row])[0]! : null;
}

/**
 * The committed contact (found by `find`: `readContact` when it is only rendered); 202 PENDING when it was accepted but its creation has not committed,
 * 404 when neither. The pending check is a second statement: a creation that commits between the two leaves no pending
 * write and was not yet visible to the first, so a miss reads the contact once more before it answers 404.
 */
export async function getContact(em: EntityManager, raw: string, find = findContact): Promise<Contact> {
  const contact = await find(em, raw);
  if (contact) return contact;
  const id = parseIdentifier(raw, 'ctc', true);
  if (id.kind === 'external' && (await hasPendingCreate(em, id.value))) throw pendingError('The contact');
  if (id.kind === 'email' && (await emailClaimant(em, id.value))) throw pendingError('The contact');
  const committedMeanwhile = await find(em, raw);
  if (committedMeanwhile) return committedMeanwhile;
  throw notFound('Contact');
}

/** A contact a change may touch (links, tags): deleted and merged contacts are gone for writes, 404 as if absent. */
export async function liveContact(em: EntityManager, raw: string): Promise<Contact> {
  const contact = await getContact(em, raw);
  if (contact.status === 'DELETED' || contact.status === 'MERGED') throw notFound('Contact');
  return contact;
}

/** What a write may target: a live contact, or one whose creation is pending (writes apply in order). */
export async function writeTarget(
  em: EntityManager,
  raw: string,
): Promise<{ externalId: string; contact: Contact | null }> {
  const contact = await findContact(em, raw);
  if (contact) {
    if (contact.status === 'DELETED' || contact.status === 'MERGED') throw notFound('Contact');
    return { externalId: contact.externalId, contact };
  }
  const id = parseIdentifier(raw, 'ctc', true);
  if (id.kind === 'external' && (await hasPendingCreate(em, id.value))) return { externalId: id.value, contact: null };
  if (id.kind === 'email') {
    const claimant = await emailClaimant(em, id.value);
    if (claimant && (await hasPendingCreate(em, claimant))) return { externalId: claimant, contact: null };
  }
  const committedMeanwhile = await findContact(em, raw);
  if (committedMeanwhile && committedMeanwhile.status !== 'DELETED' && committedMeanwhile.status !== 'MERGED')
    return { externalId: committedMeanwhile.externalId, contact: committedMeanwhile };
  throw notFound('Contact');
}
