import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookSubscriptions } from '../../../platform/events/webhook-resources.js';
import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';
import {
  REMOVE_RESOURCE_WEBHOOKS_JOB,
  type RemoveResourceWebhooksData,
} from '../../../platform/ports/relayed-webhook-subscriptions.js';

/** The webhooks module's side of the port: a module's resource goes, its narrowed webhooks go with it (deliveries and attempts cascade). */
export const resourceWebhooks: WebhookSubscriptions = {
  async removeForResource(tx: EntityManager, namespace: string, filter: Record<string, string>): Promise<void> {
    await tenantSql(tx).run(
      sql`delete from webhooks.webhooks where organization_id = ${ORG} and namespace = ${namespace} and filter = ${JSON.stringify(filter)}::jsonb`,
    );
  },
};

/** The same removal asked by a process that does not serve this module (split mode), as a job; runs again harmlessly. */
export function removeResourceWebhooksJob(): JobDefinition<RemoveResourceWebhooksData> {
  return {
    name: REMOVE_RESOURCE_WEBHOOKS_JOB,
    handler: async ({ namespace, filter }, { em }) => {
      await em.transactional((tx) => resourceWebhooks.removeForResource(tx, namespace, filter));
    },
  };
}
