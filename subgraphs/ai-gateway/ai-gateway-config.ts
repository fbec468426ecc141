/** The AI gateway's configuration (docs/ai-gateway.md). */
import { configSection } from '../../platform/config/config-section.js';

export interface AiGatewayConfig {
  /** Lifetime of cached answers in seconds (0 turns the cache off). */
  cacheTtlSeconds: number;
  /** Deadline for a provider's first byte (headers, and the first chunk of a stream). */
  firstByteTimeoutMs: number;
  /** Longest silence between two chunks of a provider's answer. */
  idleTimeoutMs: number;
  /** Deadline of a whole request, fallback attempts included. */
  totalTimeoutMs: number;
  /** The built-in `sandbox` provider for every organization (AI_SANDBOX_ENABLED, default true). */
  sandboxEnabled: boolean;
  /** `host:port` pairs provider base URLs may reach even when private (AI_PROVIDER_ALLOWED_HOSTS; operator only). */
  providerAllowedHosts: string[];
}

export const AI_GATEWAY_CONFIG = configSection('aiGateway', (env): AiGatewayConfig => ({
  cacheTtlSeconds: env.int('AI_CACHE_TTL_SECONDS', 300, 0, 30 * 86_400),
  firstByteTimeoutMs: env.int('AI_FIRST_BYTE_TIMEOUT_MS', 60_000, 100, 3_600_000),
  idleTimeoutMs: env.int('AI_IDLE_TIMEOUT_MS', 30_000, 100, 3_600_000),
  totalTimeoutMs: env.int('AI_TOTAL_TIMEOUT_MS', 600_000, 100, 86_400_000),
  sandboxEnabled: env.bool('AI_SANDBOX_ENABLED', true),
  providerAllowedHosts: env.hostPortList('AI_PROVIDER_ALLOWED_HOSTS'),
}));

declare module '../../platform/config/config-section.js' {
  interface ModuleConfigSections {
    aiGateway: AiGatewayConfig;
  }
}
