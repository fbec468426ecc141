import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookSubscriptions } from '../../../platform/events/webhook-resources.js';
import { ORG, sql, tenantSql } from '../../../platform/orm/tenant-sql.js';

/** The webhooks module's side of the port: a module's resource goes, its narrowed webhooks go with it (deliveries and attempts cascade). */
export const resourceWebhooks: WebhookSubscriptions = {
  removeForResource(tx: EntityManager, namespace: string, filter: Record<string, string>): Promise<number> {
    return tenantSql(tx).run(
      sql`delete from webhooks.webhooks where organization_id = ${ORG} and namespace = ${namespace} and filter = ${JSON.stringify(filter)}::jsonb`,
    );
  },
};
