import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, invalid } from '../../../platform/errors/domain-error.js';
import { newId } from '../../../platform/ids/ids.js';
import { tenantOf } from '../../../platform/orm/tenant-of.js';
import type { AiGatewayDeps } from '../ai-gateway-deps.js';
import { ModelRoute } from '../entities/model-route.entity.js';
import { checkProviderName } from '../credentials/provider-credential.service.js';
import type { AiDeleted } from '../credentials/provider-credential.types.js';
import type { AiRoute, AiRouteInput } from './model-route.types.js';

const MAX_TARGETS = 10;
const ROUTE_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

const view = (r: ModelRoute): AiRoute => ({
  model: r.model,
  targets: r.targets,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** Organization routes: a bare model name → ordered `{provider, model}` targets (the fallback order). */
export class ModelRouteService {
  constructor(private readonly deps: AiGatewayDeps) {}

  async list(em: EntityManager): Promise<AiRoute[]> {
    return (await em.find(ModelRoute, {}, { orderBy: { model: 'asc' } })).map(view);
  }

  async put(em: EntityManager, model: string, input: AiRouteInput): Promise<AiRoute> {
    if (!ROUTE_NAME.test(model))
      throw invalid('model', model, 'letters, digits, ., _, : and -, at most 128 characters, no /');
    if (!Array.isArray(input.targets) || input.targets.length === 0 || input.targets.length > MAX_TARGETS) {
      throw invalid('targets', input.targets?.length ?? null, `1 to ${MAX_TARGETS} targets`);
    }
    const targets = input.targets.map((t, i) => {
      checkProviderName(t.provider, `targets[${i}].provider`);
      if (!t.model || t.model.length > 256)
        throw invalid(`targets[${i}].model`, t.model, 'a model name of the provider, 1 to 256 characters');
      return { provider: t.provider, model: t.model };
    });
    let route = await em.findOne(ModelRoute, { model });
    if (route) Object.assign(route, { targets, updatedAt: new Date() });
    else route = em.create(ModelRoute, { id: newId('airoute'), organizationId: tenantOf(em), model, targets });
    await em.flush();
    this.deps.configs.invalidate(tenantOf(em));
    return view(route);
  }

  async remove(em: EntityManager, model: string): Promise<AiDeleted> {
    const route = await em.findOne(ModelRoute, { model });
    if (!route) throw new DomainError('NOT_FOUND', `No route for ${model}`);
    await em.remove(route).flush();
    this.deps.configs.invalidate(tenantOf(em));
    return { id: model, object: 'route', deleted: true };
  }
}
