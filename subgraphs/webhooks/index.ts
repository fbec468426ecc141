import type { SubgraphModule, PlatformDeps } from '../../platform/federation/subgraph-module.js';
import { buildFederatedSchema } from '../../platform/federation/build-subgraph-schema.js';
import { moduleContainer } from '../../platform/federation/subgraph-module.js';
import { secretBoxFor } from '../../platform/crypto/encryption-key.js';
import type { EventSinkProvider } from '../../platform/events/event-dispatcher.js';
import { SafeHttpClient, type Resolver } from '../../platform/net/safe-http-client.js';
import { portsOf } from '../../platform/ports/port-registry.js';
import { removeResourceWebhooksJob, resourceWebhooks } from './webhooks/resource-webhooks.js';
import { Webhook } from './entities/webhook.entity.js';
import { WebhookDelivery } from './entities/webhook-delivery.entity.js';
import { WebhookAttempt } from './entities/webhook-attempt.entity.js';
import { WebhookResolver } from './webhooks/webhook.resolver.js';
import { DeliveryResolver } from './deliveries/delivery.resolver.js';
import { DeliveryAttemptService } from './sending/delivery-attempt.service.js';
import { SpeedupClock, systemClock, type ScheduleClock } from './sending/schedule-clock.js';
import { deliverWebhookJob } from './jobs/deliver-webhook.job.js';
import { firstAttemptsJob } from './jobs/first-attempts.job.js';
import { FirstAttemptLane } from './sending/first-attempt-lane.js';
import { webhookEventSink } from './dispatch/webhook-event-sink.js';
import { Migration20261123000100_webhooks } from './migrations/Migration20261123000100_webhooks.js';
import type { WebhooksDeps } from './webhooks-deps.js';

export const WEBHOOK_RESOLVERS = [WebhookResolver, DeliveryResolver] as const;

export interface WebhooksModuleOptions {
  /** The retry schedule's clock; default the wall clock (sped up by WEBHOOK_RETRY_SPEEDUP when set). */
  clock?: ScheduleClock;
  /** DNS resolver of the delivery client (tests of the address rule). */
  resolver?: Resolver;
}

/** The webhook engine: every module's webhooks, their deliveries with retries, and the dispatch of events into them. */
export function webhooksModule(options: WebhooksModuleOptions = {}): SubgraphModule & EventSinkProvider {
  let deps: WebhooksDeps | undefined;
  const depsFor = (platform: PlatformDeps): WebhooksDeps => {
    if (deps) return deps;
    const speedup = platform.config.webhooks.retrySpeedup;
    const built = {
      ...platform,
      clock: options.clock ?? (speedup > 1 ? new SpeedupClock(speedup) : systemClock),
      http: new SafeHttpClient({ allowPrivate: platform.config.webhookAllowPrivate, resolver: options.resolver }),
      secrets: () => secretBoxFor(platform.orm, platform.config.encryptionKey, platform.logger),
      ports: () => portsOf(platform),
    } as WebhooksDeps;
    built.attempts = new DeliveryAttemptService(built);
    built.lane = new FirstAttemptLane(built);
    return (deps = built);
  };
  return {
    name: 'webhooks',
    data: {
      entities: [Webhook, WebhookDelivery, WebhookAttempt],
      migrations: [{ name: 'Migration20261123000100_webhooks', class: Migration20261123000100_webhooks }],
    },
    // Bad input is INVALID_REQUEST in the platform envelope, as the service's own checks answer.
    buildSchema: (platform) =>
      buildFederatedSchema({
        resolvers: [...WEBHOOK_RESOLVERS],
        orphanedTypes: [],
        container: moduleContainer(depsFor(platform)) as never,
        invalidInputCode: 'INVALID_REQUEST',
      }),
    defineJobs: (platform) => {
      const d = depsFor(platform);
      platform.jobs.define(deliverWebhookJob(d, d.attempts));
      platform.jobs.define(firstAttemptsJob(d));
      // Removals asked by processes that do not serve this module (split mode) arrive as jobs.
      platform.jobs.define(removeResourceWebhooksJob());
    },
    eventSinks: (platform) => {
      const d = depsFor(platform);
      return [webhookEventSink(d, d.lane)];
    },
    providePorts: (_platform, ports) => {
      ports.webhookSubscriptions = resourceWebhooks;
    },
    close: async () => {
      await deps?.lane.close(Math.min(deps.config.shutdownTimeoutMs, 5_000)); // unfinished first attempts fall to their fallback job
      deps?.http.close();
    },
  };
}
