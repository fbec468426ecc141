import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { ProviderCredential } from '../entities/provider-credential.entity.js';
import { DEFAULT_BASE_URLS, PROVIDER_NAME, adapterFor } from '../providers/adapters.js';
import { credentialBinding } from '../routing/org-config.cache.js';
import { SANDBOX_PROVIDER } from '../providers/sandbox-upstream.js';
import type { AiDeleted, AiProvider, AiProviderInput } from './provider-credential.types.js';

export function checkProviderName(provider: string, field = 'provider') {
  if (!PROVIDER_NAME.test(provider))
    throw invalid(field, provider, 'lowercase letters, digits and -, 1 to 40 characters', 'Invalid provider name');
}

export function providerView(c: ProviderCredential): AiProvider {
  return {
    provider: c.provider,
    baseUrl: c.baseUrl,
    format: adapterFor(c.provider).format,
    apiKeyHint: c.apiKeyHint,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** Provider credentials per organization, sealed at rest. */
export class ProviderCredentialService {
  constructor(private readonly deps: AiGatewayDeps) {}

  async list(em: EntityManager): Promise<AiProvider[]> {
    return (await em.find(ProviderCredential, {}, { orderBy: { provider: 'asc' } })).map(providerView);
  }

  async put(em: EntityManager, provider: string, input: AiProviderInput): Promise<AiProvider> {
    checkProviderName(provider);
    if (provider === SANDBOX_PROVIDER)
      throw invalid(
        'provider',
        provider,
        'a provider other than the built-in sandbox',
        'sandbox is the built-in provider: it needs no credential',
      );
    if (typeof input.apiKey !== 'string' || input.apiKey.trim() === '' || input.apiKey.length > 4096)
      throw invalid(
        'apiKey',
        input.apiKey ? '(hidden)' : input.apiKey,
        'a non-empty string of at most 4096 characters',
      );
    const baseUrl = input.baseUrl?.trim() || null;
    if (baseUrl) await this.deps.urls.check(baseUrl, { field: 'baseUrl' }); // the one URL guard: no private hosts, query, fragment or credentials
    if (!baseUrl && !DEFAULT_BASE_URLS[provider])
      throw invalid(
        'baseUrl',
        null,
        `required for a provider without a default (${Object.keys(DEFAULT_BASE_URLS).join(', ')} have one)`,
      );
    const organizationId = tenantOf(em);
    const sealed = (await this.deps.secrets()).seal(input.apiKey, credentialBinding(organizationId, provider));
    const hint = `...${input.apiKey.slice(-4)}`;
    let credential = await em.findOne(ProviderCredential, { provider });
    if (credential) {
      Object.assign(credential, { sealedApiKey: sealed, apiKeyHint: hint, baseUrl, updatedAt: new Date() });
    } else {
      credential = em.create(ProviderCredential, {
        id: newId('aiprov'),
        organizationId,
        provider,
        sealedApiKey: sealed,
        apiKeyHint: hint,
        baseUrl,
      });
    }
    await em.flush();
    this.deps.configs.invalidate(organizationId);
    return providerView(credential);
  }

  async remove(em: EntityManager, provider: string): Promise<AiDeleted> {
    const credential = await em.findOne(ProviderCredential, { provider });
    if (!credential) throw new DomainError('NOT_FOUND', `No credential is stored for ${provider}`);
    await em.remove(credential).flush();
    this.deps.configs.invalidate(tenantOf(em));
    return { id: provider, object: 'provider', deleted: true };
  }
}
