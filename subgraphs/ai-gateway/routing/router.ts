import { GatewayError } from '../chat/gateway-error.js';
import { catalogModel, priceOf } from '../catalog/model-catalog.js';
import type { RouteTarget } from '../entities/model-route.entity.js';
import type { ResolvedTarget } from '../engine/completion-engine.js';
import { DEFAULT_BASE_URLS, adapterFor } from '../providers/adapters.js';
import type { OrgConfig, OrgConfigCache } from './org-config.cache.js';
import { SANDBOX_BASE_URL, SANDBOX_MODELS, SANDBOX_PROVIDER } from '../providers/sandbox-upstream.js';

/**
 * Model name → targets in fallback order: an organization route first, then `provider/model`, then the catalog.
 * Targets whose provider has no credential are left out; none left is `provider_not_configured`.
 */
export class Router {
  constructor(private readonly configs: OrgConfigCache) {}

  async resolve(organizationId: string, model: string): Promise<ResolvedTarget[]> {
    return this.resolveIn(await this.configs.get(organizationId), model);
  }

  /** resolve() without a promise when the organization's config is in memory; undefined when it must be loaded. */
  resolveNow(organizationId: string, model: string): ResolvedTarget[] | undefined {
    const config = this.configs.getNow(organizationId);
    return config && this.resolveIn(config, model);
  }

  private resolveIn(config: OrgConfig, model: string): ResolvedTarget[] {
    const known = config.resolved.get(model);
    if (known) return known;
    const resolved = resolveTargets(config, model);
    // Remembered with the config (so a credential or route write forgets it too); any name may be asked for: bounded.
    if (config.resolved.size >= MAX_RESOLVED_MODELS) config.resolved.clear();
    config.resolved.set(model, resolved);
    return resolved;
  }
}

const MAX_RESOLVED_MODELS = 1_000;
const SANDBOX_ENDPOINT = { apiKey: '', baseUrl: SANDBOX_BASE_URL };

function resolveTargets(config: OrgConfig, model: string): ResolvedTarget[] {
  const targets = targetsOf(config, model);
  const resolved: ResolvedTarget[] = [];
  for (const target of targets) {
    if (
      target.provider === SANDBOX_PROVIDER &&
      config.sandbox &&
      !(SANDBOX_MODELS as readonly string[]).includes(target.model)
    ) {
      throw new GatewayError(
        'model_not_found',
        `The sandbox has no model '${target.model}': it has ${SANDBOX_MODELS.map((m) => `sandbox/${m}`).join(', ')}`,
        'model',
      );
    }
    const endpoint = providerEndpoint(config, target.provider);
    if (endpoint)
      resolved.push({
        ...target,
        ...endpoint,
        adapter: adapterFor(target.provider),
        price: config.prices.get(`${target.provider}/${target.model}`) ?? priceOf(target.provider, target.model),
      });
  }
  if (resolved.length === 0) {
    const names = [...new Set(targets.map((t) => t.provider))].join(', ');
    throw new GatewayError(
      'provider_not_configured',
      `No credential is stored for ${names}: PUT /ai/v1/providers/{provider} first`,
      'model',
    );
  }
  return resolved;
}

/** The key and base URL a provider is called with, or undefined without a credential (or a URL for an unknown provider). */
export function providerEndpoint(config: OrgConfig, provider: string): { apiKey: string; baseUrl: string } | undefined {
  if (provider === SANDBOX_PROVIDER) return config.sandbox ? SANDBOX_ENDPOINT : undefined;
  const credential = config.credentials.get(provider);
  const baseUrl = credential?.baseUrl ?? DEFAULT_BASE_URLS[provider];
  return credential && baseUrl ? { apiKey: credential.apiKey, baseUrl } : undefined;
}

export function targetsOf(config: OrgConfig, model: string): RouteTarget[] {
  const route = config.routes.get(model);
  if (route) return route;
  const slash = model.indexOf('/');
  if (slash > 0 && slash < model.length - 1)
    return [{ provider: model.slice(0, slash), model: model.slice(slash + 1) }];
  const known = catalogModel(model);
  if (known) return [{ provider: known.provider, model: known.id }];
  throw new GatewayError(
    'model_not_found',
    `The model '${model}' does not exist: use provider/model, a catalog model or a route`,
    'model',
  );
}
