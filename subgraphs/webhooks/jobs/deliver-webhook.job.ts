import type { JobDefinition } from '../../../platform/jobs/jobs.js';
import {
  DELIVER_WEBHOOK_JOB,
  type DeliverJobData,
  type DeliveryAttemptService,
} from '../sending/delivery-attempt.service.js';
import type { WebhooksDeps } from '../webhooks-deps.js';

/** One attempt of one delivery (DeliveryAttemptService.run); the next attempt is its own job, queued on failure. */
export function deliverWebhookJob(deps: WebhooksDeps, attempts: DeliveryAttemptService): JobDefinition<DeliverJobData> {
  return {
    name: DELIVER_WEBHOOK_JOB,
    concurrency: 50,
    // Longer than the request deadline, so a slow receiver never gets a second, concurrent attempt.
    lockLifetimeMs: deps.config.webhooks.timeoutMs * 2 + 5_000,
    handler: (data, { em, logger }) => attempts.run(em, data, logger),
  };
}
