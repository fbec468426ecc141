/** The webhooks module's configuration (docs/webhooks-and-events.md "Configuration"). WEBHOOK_ALLOW_PRIVATE stays the platform's: other modules use it. */
import { configSection } from '../../platform/config/config-section.js';

export interface WebhooksConfig {
  /** Deadline of one webhook request (30 s). */
  timeoutMs: number;
  /** Tests only: divides the webhook retry delays (1 = the real schedule). */
  retrySpeedup: number;
}

export const WEBHOOKS_CONFIG = configSection('webhooks', (env): WebhooksConfig => ({
  timeoutMs: env.int('WEBHOOK_TIMEOUT_MS', 30_000, 100, 120_000),
  retrySpeedup: env.int('WEBHOOK_RETRY_SPEEDUP', 1, 1, 10_000_000),
}));

declare module '../../platform/config/config-section.js' {
  interface ModuleConfigSections {
    webhooks: WebhooksConfig;
  }
}
