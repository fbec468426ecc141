import type { ModuleHttpRoute } from '../../../platform/http/module-http.js';
import { MODEL_CATALOG } from '../catalog/model-catalog.js';
import { providerEndpoint } from '../routing/router.js';
import type { OrgConfig, OrgConfigCache } from '../routing/org-config.cache.js';
import type { KeyGate } from './key-gate.js';
import { replyJson } from '../../../platform/http/edge/error-envelope.js';
import { admit, gatewayEnvelope } from './gateway-request.js';

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
  for (const entry of MODEL_CATALOG) {
    if (usable(entry.provider) && !config.routes.has(entry.id)) data.push({ id: entry.id, object: 'model', created: CATALOG_CREATED, owned_by: entry.provider });
  }
  return { object: 'list' as const, data };
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
    handle: async (request, reply) => replyJson(reply, 200, modelsOf(await configs.get(request.edge.auth!.organizationId))),
  };
}
