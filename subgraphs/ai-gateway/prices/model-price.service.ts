import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { ModelPriceOverride } from '../entities/model-price.entity.js';
import { checkProviderName } from '../credentials/provider-credential.service.js';
import type { AiDeleted } from '../credentials/provider-credential.types.js';
import type { AiModelPrice, AiModelPriceInput } from './model-price.types.js';

/** A price above this per million tokens is a typo, not a rate. */
const MAX_PER_MTOK = 100_000;

const view = (p: ModelPriceOverride): AiModelPrice => ({
  id: p.id,
  provider: p.provider,
  model: p.model,
  inputPerMTok: p.inputPerMTok,
  outputPerMTok: p.outputPerMTok,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});

function checkPrice(field: string, value: unknown) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_PER_MTOK)
    throw invalid(field, value, `a number of USD per million tokens from 0 to ${MAX_PER_MTOK}`);
}

/** Per-model price overrides of the organization; the hot path reads them with its cached config. */
export class ModelPriceService {
  constructor(private readonly deps: AiGatewayDeps) {}

  async list(em: EntityManager): Promise<AiModelPrice[]> {
    return (await em.find(ModelPriceOverride, {}, { orderBy: { provider: 'asc', model: 'asc' } })).map(view);
  }

  async put(em: EntityManager, input: AiModelPriceInput): Promise<AiModelPrice> {
    checkProviderName(input.provider);
    if (typeof input.model !== 'string' || input.model.trim() === '' || input.model.length > 256)
      throw invalid('model', input.model, 'a model name of 1 to 256 characters');
    checkPrice('inputPerMTok', input.inputPerMTok);
    checkPrice('outputPerMTok', input.outputPerMTok);
    const organizationId = tenantOf(em);
    let price = await em.findOne(ModelPriceOverride, { provider: input.provider, model: input.model });
    if (price)
      Object.assign(price, {
        inputPerMTok: input.inputPerMTok,
        outputPerMTok: input.outputPerMTok,
        updatedAt: new Date(),
      });
    else
      price = em.create(ModelPriceOverride, {
        id: newId('aiprice'),
        organizationId,
        provider: input.provider,
        model: input.model,
        inputPerMTok: input.inputPerMTok,
        outputPerMTok: input.outputPerMTok,
      });
    await em.flush();
    this.deps.configs.invalidate(organizationId);
    return view(price);
  }

  async remove(em: EntityManager, id: string): Promise<AiDeleted> {
    const price = await em.findOne(ModelPriceOverride, { id });
    if (!price) throw new DomainError('NOT_FOUND', 'Price override not found');
    await em.remove(price).flush();
    this.deps.configs.invalidate(tenantOf(em));
    return { id, object: 'model_price', deleted: true };
  }
}
