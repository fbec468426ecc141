import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors/domain-error.js';
import type { WebhookResourceCheck } from '../../../platform/events/webhook-resources.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

/**
 * The mailboxes' side of the webhook-resource port: `/v1/agent-email/mailboxes/{mailboxId}/webhooks` answers
 * MAILBOX_NOT_FOUND for a mailbox the caller's organization does not have (another organization's included).
 */
export const mailboxWebhookCheck: WebhookResourceCheck = async (em: EntityManager, filter: Record<string, string>) => {
  const id = filter.mailboxId;
  const found = id ? await tenantSql(em).one(sql`select 1 from mailboxes.mailboxes where organization_id = ${ORG} and id = ${id}`) : null;
  if (!found) throw new DomainError('MAILBOX_NOT_FOUND', 'Mailbox not found');
};
