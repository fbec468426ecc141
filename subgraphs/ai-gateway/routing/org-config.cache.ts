import type { MikroORM } from '@mikro-orm/postgresql';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { ModelRoute, type RouteTarget } from '../entities/model-route.entity.js';
import { ProviderCredential } from '../entities/provider-credential.entity.js';
import type { ResolvedTarget } from '../engine/completion-engine.js';
import { LRUCache } from 'lru-cache';
import { ModelPriceOverride } from '../entities/model-price.entity.js';
import { AiBudget } from '../entities/budget.entity.js';
import type { SpendLedger } from '../budgets/spend-ledger.js';
import { LogSettings } from '../entities/log-settings.entity.js';
import type { BodyLogging } from '../request-logs/request-log.writer.js';
import type { ModelPrice } from '../catalog/model-catalog.js';

export interface OpenedCredential {
  apiKey: string;
  baseUrl: string | null;
}

/** What the hot path needs of an organization: its opened credentials and its routes. */
export interface OrgConfig {
  credentials: Map<string, OpenedCredential>;
  routes: Map<string, RouteTarget[]>;
  /** The organization's own prices, by `provider/model`. */
  prices: Map<string, ModelPrice>;
  /** Request and response bodies are kept (the organization turned logging on). */
  logging?: BodyLogging;
  /** Whether the built-in sandbox provider is on (the operator's switch). */
  sandbox: boolean;
  /** Model names the router has resolved against this config, so it resolves each once per load (see Router). */
  resolved: Map<string, ResolvedTarget[]>;
}

interface CachedConfig {
  config: Promise<OrgConfig>;
  /** The config once its load finished (getNow answers from it). */
  loaded?: OrgConfig;
  expires: number;
}

/** The binding of a sealed credential: it only opens for the organization and provider it was stored for. */
export const credentialBinding = (organizationId: string, provider: string) => `${organizationId}:${provider}`;

/**
 * Per-organization credentials and routes, loaded in one go and kept `ttlMs` (a cache only: writes in this process
 * evict at once, other processes see them within the TTL). Keeps database work off the chat completions path.
 */
export class OrgConfigCache {
  private readonly entries = new LRUCache<string, CachedConfig>({ max: 50_000 });

  constructor(
    private readonly orm: MikroORM,
    private readonly secrets: () => Promise<SecretBox>,
    private readonly ttlMs = 5_000,
    private readonly now: () => number = Date.now,
    private readonly sandbox = true,
    /** Told each organization's budgets as they load, so their spend is counted in memory. */
    private readonly ledger?: SpendLedger,
  ) {}

  get(organizationId: string): Promise<OrgConfig> {
    const entry = this.entries.get(organizationId);
    if (entry && entry.expires > this.now()) return entry.config;
    const config = this.load(organizationId);
    const fresh: CachedConfig = { config, expires: this.now() + this.ttlMs };
    config.then(
      (loaded) => (fresh.loaded = loaded),
      () => this.entries.delete(organizationId), // a failed load is retried on the next request
    );
    this.entries.set(organizationId, fresh);
    return config;
  }

  /** get() without a promise: the config when it is loaded and fresh, else undefined (the hot path then awaits get). */
  getNow(organizationId: string): OrgConfig | undefined {
    const entry = this.entries.get(organizationId);
    return entry && entry.expires > this.now() ? entry.loaded : undefined;
  }

  invalidate(organizationId: string) {
    this.entries.delete(organizationId);
  }

  private async load(organizationId: string): Promise<OrgConfig> {
    const em = forkForTenant(this.orm.em, organizationId);
    const [credentials, routes, prices, budgets, logging, box] = await Promise.all([
      em.find(ProviderCredential, {}),
      em.find(ModelRoute, {}),
      em.find(ModelPriceOverride, {}),
      em.find(AiBudget, {}),
      em.findOne(LogSettings, {}),
      this.secrets(),
    ]);
    await this.ledger?.load(organizationId, budgets);
    return {
      credentials: new Map(
        credentials.map((c) => [
          c.provider,
          { apiKey: box.open(c.sealedApiKey, credentialBinding(organizationId, c.provider)), baseUrl: c.baseUrl },
        ]),
      ),
      routes: new Map(routes.map((r) => [r.model, r.targets])),
      prices: new Map(
        prices.map((p) => [
          `${p.provider}/${p.model}`,
          { inputPerMTok: p.inputPerMTok, outputPerMTok: p.outputPerMTok },
        ]),
      ),
      logging: logging?.enabled
        ? { retentionDays: logging.retentionDays, redact: logging.redact, redactStrings: logging.redactStrings }
        : undefined,
      sandbox: this.sandbox,
      resolved: new Map(),
    };
  }
}
