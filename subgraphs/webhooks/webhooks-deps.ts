import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { SafeHttpClient } from '../../platform/net/safe-http-client.js';
import type { PlatformPorts } from '../../platform/ports/port-registry.js';
import type { ScheduleClock } from './sending/schedule-clock.js';
import type { DeliveryAttemptService } from './sending/delivery-attempt.service.js';
import type { FirstAttemptLane } from './sending/first-attempt-lane.js';

/** What the webhook module's services and jobs use. */
export interface WebhooksDeps extends PlatformDeps {
  /** The retry schedule's clock (injectable: tests run the whole schedule in seconds). */
  clock: ScheduleClock;
  /** The SSRF-safe client every delivery goes through. */
  http: SafeHttpClient;
  /** Seals and opens webhook secrets with the platform encryption key. */
  secrets(): Promise<SecretBox>;
  /** The ports of this process (the system-email sender), read when needed. */
  ports(): PlatformPorts;
  /** The one attempt service of the module (it caches opened secrets). */
  attempts: DeliveryAttemptService;
  /** First attempts of just-dispatched deliveries, made at once in this process. */
  lane: FirstAttemptLane;
}
