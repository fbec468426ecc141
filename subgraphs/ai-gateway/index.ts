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
import { Migration20261201000100_ai_gateway_endpoints } from './migrations/Migration20261201000100_ai_gateway_endpoints.js';
import { EmbeddingService } from './embeddings/embedding.service.js';
import { embeddingsRoute } from './http/embeddings.handler.js';
import { ProviderCredentialResolver } from './credentials/provider-credential.resolver.js';
import { ModelRouteResolver } from './model-routes/model-route.resolver.js';
import { GatewayKeyResolver } from './keys/gateway-key.resolver.js';
import { UsageDashboardResolver } from './usage/usage-dashboard.resolver.js';
import { ModelPriceResolver } from './prices/model-price.resolver.js';
import { BudgetResolver } from './budgets/budget.resolver.js';
import { AiBudget } from './entities/budget.entity.js';
import { Migration20261201000300_ai_gateway_budgets } from './migrations/Migration20261201000300_ai_gateway_budgets.js';
import { SpendLedger } from './budgets/spend-ledger.js';
import { budgetAlerts } from './budgets/budget-alerts.js';
import { KeyLimits } from './budgets/key-limits.js';
import { Guardrails } from './budgets/guardrails.js';
import { StoredResponse } from './entities/stored-response.entity.js';
import { LogSettings } from './entities/log-settings.entity.js';
import { Migration20261201000500_ai_gateway_request_logs } from './migrations/Migration20261201000500_ai_gateway_request_logs.js';
import { RequestLogWriter } from './request-logs/request-log.writer.js';
import { RequestLogResolver } from './request-logs/request-log.resolver.js';
import { Migration20261201000400_ai_gateway_responses } from './migrations/Migration20261201000400_ai_gateway_responses.js';
import { ResponsesService } from './responses/responses.service.js';
import { responsesRoute, storedResponseRoute } from './http/responses.handler.js';
import { ModelPriceOverride } from './entities/model-price.entity.js';
import { Migration20261201000200_ai_gateway_prices } from './migrations/Migration20261201000200_ai_gateway_prices.js';
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
import { modelRoute, modelsRoute } from './http/models.handler.js';
import { chatCompletionField } from './subscription/chat-completion.field.js';
import { closeUpstreamAgents } from './providers/upstream-http.js';
import { organizationApiKeys } from '../../platform/organizations/api-keys.port.js';
import { AI_GATEWAY_ERROR_CODES } from './ai-gateway-error-codes.js';

export const AI_GATEWAY_RESOLVERS = [
  ProviderCredentialResolver,
  ModelRouteResolver,
  GatewayKeyResolver,
  UsageDashboardResolver,
  ModelPriceResolver,
  BudgetResolver,
  RequestLogResolver,
] as const;

export interface AiGatewayModuleOptions {
  /** Provider deadlines; default from AI_FIRST_BYTE_TIMEOUT_MS, AI_IDLE_TIMEOUT_MS, AI_TOTAL_TIMEOUT_MS. */
  deadlines?: Partial<Deadlines>;
  /** Response cache lifetime; default AI_CACHE_TTL_SECONDS (0 turns the cache off). */
  cacheTtlMs?: number;
  /** Usage rows kept while the database refuses them before requests are refused with 503 (default 100,000). */
  usageBacklogLimit?: number;
  /** Clock of the caches, budgets and per-key limits (tests expire entries without waiting). */
  now?: () => number;
  /** How often budget spend is re-read from the usage log (other processes' requests); default 30 s. */
  budgetResyncMs?: number;
}

export type AiGatewayModule = SubgraphModule &
  HttpRouteProvider &
  SubscriptionFieldProvider & {
    /** Writes buffered usage rows and logged bodies now (tests, shutdown). */
    flushUsage(): Promise<void>;
  };

/** The AI gateway: OpenAI-compatible chat completions routed to providers, keys, credentials, routes, usage. */
export function aiGatewayModule(options: AiGatewayModuleOptions = {}): AiGatewayModule {
  let deps: AiGatewayDeps | undefined;
  let writer: UsageLogWriter | undefined;
  let resync: NodeJS.Timeout | undefined;
  let bodies: RequestLogWriter | undefined;
  const depsFor = (platform: PlatformDeps): AiGatewayDeps => {
    if (deps) return deps;
    const { config } = platform;
    const secrets = () => secretBoxFor(platform.orm, config.encryptionKey, platform.logger);
    const ledger = new SpendLedger(platform.orm, budgetAlerts(platform.orm, platform.logger), options.now);
    resync = setInterval(
      () =>
        void ledger
          .resync()
          .catch((error: Error) => platform.logger.error('budget resync failed', { error: error.message })),
      options.budgetResyncMs ?? 30_000,
    );
    resync.unref();
    const configs = new OrgConfigCache(
      platform.orm,
      secrets,
      5_000,
      options.now,
      config.aiGateway.sandboxEnabled,
      ledger,
    );
    writer = new UsageLogWriter(platform.orm, platform.logger, { backlogLimit: options.usageBacklogLimit });
    const gate = new KeyGate(platform.orm, options.now);
    const guard = new Guardrails({ gate, limits: new KeyLimits(options.now), ledger, now: options.now });
    const usage: UsageSink = guard.counting(meteredUsage(writer, platform.metrics));
    const deadlines = {
      firstByteMs: options.deadlines?.firstByteMs ?? config.aiGateway.firstByteTimeoutMs,
      idleMs: options.deadlines?.idleMs ?? config.aiGateway.idleTimeoutMs,
      totalMs: options.deadlines?.totalMs ?? config.aiGateway.totalTimeoutMs,
    };
    const engine = new CompletionEngine(deadlines);
    const cache = new ResponseCache(options.cacheTtlMs ?? config.aiGateway.cacheTtlSeconds * 1000, 10_000, options.now);
    const router = new Router(configs);
    bodies = new RequestLogWriter(platform.orm, configs, platform.logger);
    const completions = new ChatCompletionService({ router, engine, cache, usage, guard, bodies });
    const embeddings = new EmbeddingService({ router, usage, deadlines, guard });
    const urls = new UrlGuard({
      allowPrivate: config.webhookAllowPrivate,
      allowedHosts: config.aiGateway.providerAllowedHosts,
    });
    guardUpstream(urls);
    return (deps = {
      ...platform,
      secrets,
      configs,
      gate,
      ledger,
      completions,
      embeddings,
      responses: new ResponsesService(platform.orm, completions),
      urls,
      apiKeys: organizationApiKeys(platform.apiKeyCache),
    });
  };
  return {
    name: 'ai-gateway',
    errorCodes: AI_GATEWAY_ERROR_CODES,
    data: {
      entities: [
        ProviderCredential,
        ModelRoute,
        GatewayKeyMeta,
        ModelPriceOverride,
        AiBudget,
        StoredResponse,
        LogSettings,
      ],
      migrations: [
        { name: 'Migration20261125000100_ai_gateway', class: Migration20261125000100_ai_gateway },
        { name: 'Migration20261201000100_ai_gateway_endpoints', class: Migration20261201000100_ai_gateway_endpoints },
        { name: 'Migration20261201000200_ai_gateway_prices', class: Migration20261201000200_ai_gateway_prices },
        { name: 'Migration20261201000300_ai_gateway_budgets', class: Migration20261201000300_ai_gateway_budgets },
        { name: 'Migration20261201000400_ai_gateway_responses', class: Migration20261201000400_ai_gateway_responses },
        {
          name: 'Migration20261201000500_ai_gateway_request_logs',
          class: Migration20261201000500_ai_gateway_request_logs,
        },
      ],
    },
    buildSchema: (platform) =>
      buildFederatedSchema({
        resolvers: [...AI_GATEWAY_RESOLVERS],
        orphanedTypes: [],
        container: moduleContainer(depsFor(platform)) as never,
      }),
    httpRoutes: (platform) => {
      const d = depsFor(platform);
      return [
        chatCompletionsRoute(d.completions, d.gate),
        modelsRoute(d.configs, d.gate),
        modelRoute(d.configs, d.gate),
        embeddingsRoute(d.embeddings, d.gate),
        responsesRoute(d.responses, d.gate),
        storedResponseRoute(d.responses, d.gate),
      ];
    },
    subscriptionFields: (platform) => ({ chatCompletion: chatCompletionField(depsFor(platform).completions) }),
    flushUsage: async () => {
      await writer?.flush();
      await bodies?.flush();
    },
    close: async () => {
      clearInterval(resync);
      await writer?.close();
      await bodies?.close();
      await closeUpstreamAgents();
    },
  };
}
