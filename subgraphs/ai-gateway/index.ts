import type { PlatformDeps, SubgraphModule } from '../../platform/federation/subgraph-module.js';
import { moduleContainer } from '../../platform/federation/subgraph-module.js';
import { buildFederatedSchema } from '../../platform/federation/build-subgraph-schema.js';
import { secretBoxFor } from '../../platform/crypto/encryption-key.js';
import type { HttpRouteProvider } from '../../platform/http/module-http.js';
import type { SubscriptionFieldProvider } from '../../platform/graphql/subscription-fields.js';
import type { AiGatewayDeps } from './ai-gateway-deps.js';
import { UrlGuard } from '../../platform/net/url-guard.js';
import { guardUpstream } from './providers/upstream-http.js';
import { ProviderCredential } from './entities/provider-credential.entity.js';
import { ModelRoute } from './entities/model-route.entity.js';
import { GatewayKeyMeta } from './entities/gateway-key-meta.entity.js';
import { Migration20261125000100_ai_gateway } from './migrations/Migration20261125000100_ai_gateway.js';
import { ProviderCredentialResolver } from './credentials/provider-credential.resolver.js';
import { ModelRouteResolver } from './model-routes/model-route.resolver.js';
import { GatewayKeyResolver } from './keys/gateway-key.resolver.js';
import { UsageDashboardResolver } from './usage/usage-dashboard.resolver.js';
import { OrgConfigCache } from './routing/org-config.cache.js';
import { Router } from './routing/router.js';
import { KeyGate } from './http/key-gate.js';
import { CompletionEngine } from './engine/completion-engine.js';
import type { Deadlines } from './engine/deadlines.js';
import { ResponseCache } from './cache/response-cache.js';
import { meteredUsage } from './usage/metered-usage.js';
import { UsageLogWriter, type UsageSink } from './usage/usage-log.writer.js';
import { ChatCompletionService } from './engine/chat-completion.service.js';
import { chatCompletionsRoute } from './http/chat-completions.handler.js';
import { modelsRoute } from './http/models.handler.js';
import { chatCompletionField } from './subscription/chat-completion.field.js';
import { closeUpstreamAgents } from './providers/upstream-http.js';
import { organizationApiKeys } from '../../platform/organizations/api-keys.port.js';

export const AI_GATEWAY_RESOLVERS = [ProviderCredentialResolver, ModelRouteResolver, GatewayKeyResolver, UsageDashboardResolver] as const;

export interface AiGatewayModuleOptions {
  /** Provider deadlines; default from AI_FIRST_BYTE_TIMEOUT_MS, AI_IDLE_TIMEOUT_MS, AI_TOTAL_TIMEOUT_MS. */
  deadlines?: Partial<Deadlines>;
  /** Response cache lifetime; default AI_CACHE_TTL_SECONDS (0 turns the cache off). */
  cacheTtlMs?: number;
  /** Usage rows kept while the database refuses them before requests are refused with 503 (default 100,000). */
  usageBacklogLimit?: number;
  /** Clock of the caches (tests expire entries without waiting). */
  now?: () => number;
}

export type AiGatewayModule = SubgraphModule & HttpRouteProvider & SubscriptionFieldProvider & {
  /** Writes buffered usage rows now (tests, shutdown). */
  flushUsage(): Promise<void>;
};

/** The AI gateway: OpenAI-compatible chat completions routed to providers, keys, credentials, routes, usage. */
export function aiGatewayModule(options: AiGatewayModuleOptions = {}): AiGatewayModule {
  let deps: AiGatewayDeps | undefined;
  let writer: UsageLogWriter | undefined;
  const depsFor = (platform: PlatformDeps): AiGatewayDeps => {
    if (deps) return deps;
    const { config } = platform;
    const secrets = () => secretBoxFor(platform.orm, config.encryptionKey, platform.logger);
    const configs = new OrgConfigCache(platform.orm, secrets, 5_000, options.now);
    writer = new UsageLogWriter(platform.orm, platform.logger, { backlogLimit: options.usageBacklogLimit });
    const usage: UsageSink = meteredUsage(writer, platform.metrics);
    const engine = new CompletionEngine({
      firstByteMs: options.deadlines?.firstByteMs ?? config.aiFirstByteTimeoutMs,
      idleMs: options.deadlines?.idleMs ?? config.aiIdleTimeoutMs,
      totalMs: options.deadlines?.totalMs ?? config.aiTotalTimeoutMs,
    });
    const cache = new ResponseCache(options.cacheTtlMs ?? config.aiCacheTtlSeconds * 1000, 10_000, options.now);
    const completions = new ChatCompletionService({ router: new Router(configs), engine, cache, usage });
    const urls = new UrlGuard({ allowPrivate: config.webhookAllowPrivate });
    guardUpstream(urls);
    return (deps = { ...platform, secrets, configs, gate: new KeyGate(platform.orm, options.now), completions, urls, apiKeys: organizationApiKeys });
  };
  return {
    name: 'ai-gateway',
    data: {
      entities: [ProviderCredential, ModelRoute, GatewayKeyMeta],
      migrations: [{ name: 'Migration20261125000100_ai_gateway', class: Migration20261125000100_ai_gateway }],
    },
    buildSchema: (platform) => buildFederatedSchema({ resolvers: [...AI_GATEWAY_RESOLVERS], orphanedTypes: [], container: moduleContainer(depsFor(platform)) as never }),
    httpRoutes: (platform) => {
      const d = depsFor(platform);
      return [chatCompletionsRoute(d.completions, d.gate), modelsRoute(d.configs, d.gate)];
    },
    subscriptionFields: (platform) => ({ chatCompletion: chatCompletionField(depsFor(platform).completions) }),
    flushUsage: async () => writer?.flush(),
    close: async () => {
      await writer?.close();
      await closeUpstreamAgents();
    },
  };
}
