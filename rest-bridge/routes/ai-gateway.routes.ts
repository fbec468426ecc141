import type { ServerResponse } from 'node:http';
import { DomainError } from '../../platform/errors/domain-error.js';
import type { BridgeRequest, ModuleRoutes, RouteSpec } from '../route-table.js';

/**
 * AI gateway management (document 3; SERVER key with the `ai` scope), OpenAI-style bodies. The hot paths
 * (POST /ai/v1/chat/completions, GET /ai/v1/models) are served by the module itself, beside the bridge.
 */
const body = (r: BridgeRequest, optional = false): Record<string, unknown> | null => {
  if (optional && r.body === undefined) return null;
  if (typeof r.body !== 'object' || r.body === null || Array.isArray(r.body)) {
    throw new DomainError('INVALID_REQUEST', 'The body must be a JSON object', { field: 'body', received: r.body === undefined ? 'nothing' : Array.isArray(r.body) ? 'array' : typeof r.body, expected: 'object' });
  }
  return r.body as Record<string, unknown>;
};

/** `POST /ai/v1/keys` answers 201 with the key shown once. */
const created = (result: unknown, res: ServerResponse) => {
  const payload = JSON.stringify(result);
  res.writeHead(201, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
};

const route = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({ ...spec, rateLimit: { category: spec.method === 'GET' ? 'reads' : 'general' } });

export const aiGatewayRoutes: ModuleRoutes = {
  module: 'ai-gateway',
  prefix: '/ai/v1',
  envelope: 'openai',
  routes: [
    route({ method: 'GET', path: '/ai/v1/keys', operation: 'ListAiGatewayKeys', result: 'aiGatewayKeys', list: true }),
    route({ method: 'POST', path: '/ai/v1/keys', operation: 'CreateAiGatewayKey', result: 'createAiGatewayKey', variables: (r) => ({ input: body(r, true) }), respond: created }),
    route({ method: 'DELETE', path: '/ai/v1/keys/:id', operation: 'RevokeAiGatewayKey', result: 'revokeAiGatewayKey' }),
    route({ method: 'GET', path: '/ai/v1/providers', operation: 'ListAiProviders', result: 'aiProviders', list: true }),
    route({ method: 'PUT', path: '/ai/v1/providers/:provider', operation: 'PutAiProvider', result: 'putAiProvider', variables: (r) => ({ provider: r.params.provider, input: body(r) }) }),
    route({ method: 'DELETE', path: '/ai/v1/providers/:provider', operation: 'DeleteAiProvider', result: 'deleteAiProvider' }),
    route({ method: 'GET', path: '/ai/v1/routes', operation: 'ListAiRoutes', result: 'aiRoutes', list: true }),
    route({ method: 'PUT', path: '/ai/v1/routes/:model', operation: 'PutAiRoute', result: 'putAiRoute', variables: (r) => ({ model: r.params.model, input: body(r) }) }),
    route({ method: 'DELETE', path: '/ai/v1/routes/:model', operation: 'DeleteAiRoute', result: 'deleteAiRoute' }),
  ],
};
