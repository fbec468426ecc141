import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../errors/domain-error.js';
import { ORG, sql, tenantSql } from '../orm/tenant-sql.js';
import type { WebhookNamespace } from './event-catalog.js';

/**
 * Webhooks narrowed to one resource of a module (an agent mailbox's webhooks carry the filter `{mailboxId}`) meet
 * their module here, so neither module imports the other. Which resources exist is platform data
 * (platform.webhook_resources), written by the owning module in the transaction that creates or deletes the resource
 * and read by the webhooks module: a question the webhooks process must answer at once while the owner may run in
 * another process (split mode), or be restarting, so it is answered from the shared database rather than asked of
 * the owner's process.
 */

/** The owning module: `resourceId` of `namespace` now exists in the organization of `tx` (the creating transaction). */
export async function registerWebhookResource(tx: EntityManager, namespace: string, resourceId: string): Promise<void> {
  await tenantSql(tx).run(
    sql`insert into platform.webhook_resources (organization_id, namespace, resource_id) values (${ORG}, ${namespace}, ${resourceId}) on conflict do nothing`,
  );
}

/** The owning module: the resource is gone (the deleting transaction); its webhooks go through WebhookSubscriptions. */
export async function forgetWebhookResource(tx: EntityManager, namespace: string, resourceId: string): Promise<void> {
  await tenantSql(tx).run(
    sql`delete from platform.webhook_resources where organization_id = ${ORG} and namespace = ${namespace} and resource_id = ${resourceId}`,
  );
}

/**
 * The webhooks module: a filter of a namespace whose webhooks narrow to resources must name one the caller's
 * organization (`em`) has, else the namespace's not-found error (another organization's resource included).
 */
export async function assertWebhookResource(
  em: EntityManager,
  namespace: string,
  rules: WebhookNamespace,
  filter: Record<string, string>,
): Promise<void> {
  const { owns, resourceNotFound } = rules;
  if (!owns || !resourceNotFound) return;
  const id = filter[owns];
  const found = id
    ? await tenantSql(em).one(
        sql`select 1 from platform.webhook_resources where organization_id = ${ORG} and namespace = ${namespace} and resource_id = ${id}`,
      )
    : null;
  if (!found) throw new DomainError(resourceNotFound.code, resourceNotFound.message);
}

/** Implemented by the webhooks module: what a module calls when one of its resources goes. */
export interface WebhookSubscriptions {
  /** Removes the organization's (`tx`) webhooks of `namespace` narrowed to exactly this resource, deliveries included, once `tx` commits. */
  removeForResource(tx: EntityManager, namespace: string, filter: Record<string, string>): Promise<void>;
}
