import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

/** NOTIFY channel of accepted writes (payload: the organization id); the commit lane listens on it. */
export const CRM_WRITES_CHANNEL = 'crm_writes';

export type WriteEntity = 'contact' | 'company' | 'activity';

/**
 * Advisory-lock key of a target, `hashtext('crm:<organization>:<target>')` with the organization bound by tenantSql:
 * commits of one contact are serialised across workers and processes.
 */
export const targetLockHash = (target: string) => sql`hashtext('crm:' || ${ORG} || ${`:${target}`})`;

/** What the commit of accepted writes works on: one target (contact) of one organization. */
export interface CommitTarget {
  organizationId: string;
  target: string;
}

export interface AcceptedWrite {
  entity: WriteEntity;
  operation: string;
  /** External id of the record the write changes. */
  target: string;
  payload: object;
  /** An email the write sets: claimed for the target in the same statement (CONTACT_EMAIL_EXISTS when taken). */
  claimEmail?: string | null;
}

/**
 * Records an accepted write in one statement: the email claim (when the write sets an email), the durable
 * `crm.pending_writes` row and the NOTIFY that wakes the commit lane when it commits. One statement is one
 * transaction, so the write is durable before the 202 goes out, and a lost claim leaves nothing behind.
 *
 * The claim is a row per email (primary key: organization + email): a concurrent claim of the same email waits on the
 * key and then sees the row, so exactly one of N concurrent creations wins.
 */
export async function acceptWrite(em: EntityManager, write: AcceptedWrite): Promise<string> {
  const organizationId = tenantOf(em);
  const correlationId = randomUUID();
  const email = write.claimEmail ?? null;
  const rows = await tenantSql(em).rows<{ id: string }>(sql`with claim as (
       insert into crm.contact_emails (organization_id, email, external_id) select ${ORG}, ${email}::text, ${write.target} where ${email}::text is not null
       on conflict (organization_id, email) do update set external_id = excluded.external_id
         where crm.contact_emails.external_id = excluded.external_id
       returning 1),
     accepted as (
       insert into crm.pending_writes (organization_id, correlation_id, entity, operation, target_external_id, payload, accepted_at)
       select ${ORG}, ${correlationId}, ${write.entity}, ${write.operation}, ${write.target}, ${JSON.stringify(write.payload)}::jsonb, clock_timestamp() where ${email}::text is null or exists (select 1 from claim)
       returning id)
     select id, pg_notify(${CRM_WRITES_CHANNEL}, ${organizationId}) from accepted`);
  if (rows.length === 0)
    throw new DomainError('CONTACT_EMAIL_EXISTS', `A contact with the email ${email} exists`, {
      field: 'email',
      received: email,
    });
  return correlationId;
}

/** Whether a write to this target is still waiting for its commit. */
export async function hasPendingCreate(em: EntityManager, externalId: string): Promise<boolean> {
  const rows = await tenantSql(em).rows<{ n: number }>(
    sql`select count(*)::int as n from crm.pending_writes where organization_id = ${ORG} and target_external_id = ${externalId} and status = 'ACCEPTED' and operation in ('create', 'upsert')`,
  );
  return rows[0]!.n > 0;
}

/** The contact that claimed an email, committed or not. */
export async function emailClaimant(em: EntityManager, email: string): Promise<string | null> {
  const rows = await tenantSql(em).rows<{ external_id: string }>(
    sql`select external_id from crm.contact_emails where organization_id = ${ORG} and email = ${email}`,
  );
  return rows[0]?.external_id ?? null;
}
