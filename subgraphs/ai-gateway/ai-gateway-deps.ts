import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { OrgConfigCache } from './routing/org-config.cache.js';
import type { KeyGate } from './http/key-gate.js';
import type { ChatCompletionService } from './engine/chat-completion.service.js';
import type { EmbeddingService } from './embeddings/embedding.service.js';
import type { ResponsesService } from './responses/responses.service.js';
import type { SpendLedger } from './budgets/spend-ledger.js';
import type { UrlGuard } from '../../platform/net/url-guard.js';
import type { ApiKeysPort } from '../../platform/organizations/api-keys.port.js';

/** What the AI gateway's resolvers, handlers and subscription share (one instance per process). */
export interface AiGatewayDeps extends PlatformDeps {
  /** Seals and opens provider credentials with the platform encryption key. */
  secrets(): Promise<SecretBox>;
  /** Credentials and routes of the hot path; management writes evict it. */
  configs: OrgConfigCache;
  /** Key checks of /ai/v1; revocations are told to it. */
  gate: KeyGate;
  /** Budget spend kept in memory (the management API shows it). */
  ledger: SpendLedger;
  /** Checks provider base URLs at save time (connect time: providers/upstream-http.ts). */
  urls: UrlGuard;
  /** The one completion implementation (HTTP and subscription). */
  completions: ChatCompletionService;
  /** POST /ai/v1/responses and its stored answers. */
  responses: ResponsesService;
  /** POST /ai/v1/embeddings. */
  embeddings: EmbeddingService;
  /** platform.api_keys, reached only through the platform's port. */
  apiKeys: ApiKeysPort;
}
