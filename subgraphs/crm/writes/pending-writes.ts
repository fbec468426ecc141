import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import type { Jobs } from '../../../platform/jobs/jobs.js';
import { DomainError } from '../../../platform/errors/domain-error.js';

export const COMMIT_WRITES_JOB = 'crm.commit-writes';

export type WriteEntity = 'contact' | 'company' | 'activity';

export interface CommitJobData {
  organizationId: string;
  writeId: string;
  target: string;
}

/**
 * Records an accepted write and its commit job in the caller's transaction: the write is durable before the 202
 * goes out, and the job exists exactly when the write does.
 */
export async function acceptWrite(tx: EntityManager, jobs: Jobs, entity: WriteEntity, operation: string, target: string, payload: object): Promise<string> {
  const organizationId = tenantOf(tx);
  const correlationId = randomUUID();
  const rows = await tx.execute<{ id: string }[]>(
    `insert into crm.pending_writes (organization_id, correlation_id, entity, operation, target_external_id, payload, accepted_at)
     values (?, ?, ?, ?, ?, ?::jsonb, clock_timestamp()) returning id`,
    [organizationId, correlationId, entity, operation, target, JSON.stringify(payload)],
  );
  await jobs.enqueue(tx, COMMIT_WRITES_JOB, { organizationId, writeId: String(rows[0]!.id), target } satisfies CommitJobData);
  return correlationId;
}

/**
 * Claims an email for a contact in `crm.contact_emails` (primary key: organization + email). A concurrent claim
 * of the same email waits on the key and then sees the row, so exactly one of N concurrent creations wins.
 */
export async function claimEmail(tx: EntityManager, email: string, externalId: string): Promise<void> {
  const rows = await tx.execute<{ external_id: string }[]>(
    `insert into crm.contact_emails (organization_id, email, external_id) values (?, ?, ?)
     on conflict (organization_id, email) do update set external_id = excluded.external_id
       where crm.contact_emails.external_id = excluded.external_id
     returning external_id`,
    [tenantOf(tx), email, externalId],
  );
  if (rows.length === 0) throw new DomainError('CONTACT_EMAIL_EXISTS', `A contact with the email ${email} exists`, { field: 'email', received: email });
}

/** Whether a write to this target is still waiting for its commit. */
export async function hasPendingCreate(em: EntityManager, externalId: string): Promise<boolean> {
  const rows = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from crm.pending_writes where organization_id = ? and target_external_id = ? and status = 'ACCEPTED' and operation in ('create', 'upsert')`,
    [tenantOf(em), externalId],
  );
  return rows[0]!.n > 0;
}

/** The contact that claimed an email, committed or not. */
export async function emailClaimant(em: EntityManager, email: string): Promise<string | null> {
  const rows = await em.execute<{ external_id: string }[]>('select external_id from crm.contact_emails where organization_id = ? and email = ?', [tenantOf(em), email]);
  return rows[0]?.external_id ?? null;
}
