import type { ModuleHttpRoute } from '../../../platform/http/module-http.js';
import { MODEL_CATALOG } from '../catalog/model-catalog.js';
import { providerEndpoint } from '../routing/router.js';
import { SANDBOX_MODELS, SANDBOX_PROVIDER } from '../providers/sandbox-upstream.js';
import type { OrgConfig, OrgConfigCache } from '../routing/org-config.cache.js';
import type { KeyGate } from './key-gate.js';
import { replyJson } from '../../../platform/http/edge/error-envelope.js';
import { admit, gatewayEnvelope } from './gateway-request.js';
import { GatewayError } from '../chat/gateway-error.js';

const ROUTE = 'GET /ai/v1/models';
/** `created` of catalog entries: the catalog's date (OpenAI's Model object carries one). */
const CATALOG_CREATED = 1_764_000_000;

/**
 * The organization's usable models: its routes with at least one target it has a credential for, then catalog
 * models of providers it has a credential for.
 */
export function modelsOf(config: OrgConfig) {
  const usable = (provider: string) => providerEndpoint(config, provider) !== undefined;
  const data: { id: string; object: 'model'; created: number; owned_by: string }[] = [];
  for (const [model, targets] of config.routes) {
    const first = targets.find((t) => usable(t.provider));
    if (first) data.push({ id: model, object: 'model', created: CATALOG_CREATED, owned_by: first.provider });
  }
  if (config.sandbox)
    for (const model of SANDBOX_MODELS)
      data.push({
        id: `${SANDBOX_PROVIDER}/${model}`,
        object: 'model',
        created: CATALOG_CREATED,
        owned_by: SANDBOX_PROVIDER,
      });
  for (const entry of MODEL_CATALOG) {
    if (usable(entry.provider) && !config.routes.has(entry.id))
      data.push({ id: entry.id, object: 'model', created: CATALOG_CREATED, owned_by: entry.provider });
  }
  return { object: 'list' as const, data };
}

/**
 * One model as GET /ai/v1/models/{id} shows it: a listed one, or any `provider/model` the organization can call
 * (every model of a provider is reachable that way); undefined otherwise.
 */
export function modelOf(config: OrgConfig, id: string) {
  const listed = modelsOf(config).data.find((m) => m.id === id);
  if (listed) return listed;
  const slash = id.indexOf('/');
  if (slash <= 0 || slash === id.length - 1 || config.routes.has(id)) return undefined;
  const provider = id.slice(0, slash);
  if (providerEndpoint(config, provider) === undefined) return undefined;
  if (provider === SANDBOX_PROVIDER && !(SANDBOX_MODELS as readonly string[]).includes(id.slice(slash + 1)))
    return undefined;
  return { id, object: 'model' as const, created: CATALOG_CREATED, owned_by: provider };
}

/** GET /ai/v1/models/{id}: the model, or 404 `not_found` (`param: model`). Ids with a slash may come encoded or not. */
export function modelRoute(configs: OrgConfigCache, gate: KeyGate): ModuleHttpRoute {
  return {
    path: '/ai/v1/models/*',
    envelope: gatewayEnvelope,
    admit: (request, reply, edge) => {
      request.edge.log.route = 'GET /ai/v1/models/{id}';
      return admit(request, reply, edge, gate, 'GET /ai/v1/models/{id}', 'GET');
    },
    handle: async (request, reply) => {
      const id = (request.params as Record<string, string>)['*'] ?? '';
      const model = id ? modelOf(await configs.get(request.edge.auth!.organizationId), id) : undefined;
      if (!model)
        throw new GatewayError(
          'not_found',
          `The model '${id}' does not exist or no provider credential reaches it`,
          'model',
        );
      return replyJson(reply, 200, model);
    },
  };
}

/** GET /ai/v1/models (`{object: "list", data: [{id, object: "model", owned_by}]}`). */
export function modelsRoute(configs: OrgConfigCache, gate: KeyGate): ModuleHttpRoute {
  return {
    path: '/ai/v1/models',
    envelope: gatewayEnvelope,
    admit: (request, reply, edge) => {
      request.edge.log.route = ROUTE;
      return admit(request, reply, edge, gate, ROUTE, 'GET');
    },
    handle: async (request, reply) =>
      replyJson(reply, 200, modelsOf(await configs.get(request.edge.auth!.organizationId))),
  };
}
