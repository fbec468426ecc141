import type { EntityManager } from '@mikro-orm/postgresql';
import type { Jobs } from '../jobs/jobs.js';
import { tenantOf } from '../orm/tenant-of.js';
import type { WebhookSubscriptions } from '../events/webhook-resources.js';

/** Job the webhooks module's worker runs to remove the webhooks of a resource that went (subgraphs/webhooks). */
export const REMOVE_RESOURCE_WEBHOOKS_JOB = 'webhooks.remove-resource-webhooks';

export interface RemoveResourceWebhooksData {
  organizationId: string;
  namespace: string;
  filter: Record<string, string>;
}

/**
 * The webhook-subscriptions port in a process that does not serve the webhooks module (split mode): the removal is a
 * job row written in the caller's transaction (so only a committed delete removes anything), on the job store every
 * process shares, defined only by the webhooks module's worker. Nothing is lost while the webhooks process is down:
 * the job waits. Until it runs the resource's webhooks are still listed; no event of a deleted resource reaches them.
 */
export class RelayedWebhookSubscriptions implements WebhookSubscriptions {
  constructor(private readonly jobs: Jobs) {}

  async removeForResource(tx: EntityManager, namespace: string, filter: Record<string, string>): Promise<void> {
    const data: RemoveResourceWebhooksData = { organizationId: tenantOf(tx), namespace, filter };
    await this.jobs.enqueue(tx, REMOVE_RESOURCE_WEBHOOKS_JOB, data);
  }
}
