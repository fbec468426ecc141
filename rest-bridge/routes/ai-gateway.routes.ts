import type { ModuleRoutes, RouteSpec } from '../route-table.js';

/**
 * AI gateway management (SERVER key with the `ai` scope), OpenAI-style bodies (bare, not enveloped). The hot
 * paths (POST /ai/v1/chat/completions, GET /ai/v1/models) are served by the module itself, beside the bridge.
 */
const route = (spec: Omit<RouteSpec, 'rateLimit'>): RouteSpec => ({
  ...spec,
  rateLimit: { category: spec.method === 'GET' ? 'reads' : 'general' },
});

export const aiGatewayRoutes: ModuleRoutes = {
  module: 'ai-gateway',
  prefix: '/ai/v1',
  envelope: 'openai',
  routes: [
    route({ method: 'GET', path: '/ai/v1/keys', operation: 'ListAiGatewayKeys', result: 'aiGatewayKeys', list: true }),
    route({
      method: 'POST',
      path: '/ai/v1/keys',
      operation: 'CreateAiGatewayKey',
      result: 'createAiGatewayKey',
      status: 201,
      bodyVariable: 'input',
      bodyOptional: 'null',
    }),
    route({ method: 'DELETE', path: '/ai/v1/keys/:id', operation: 'RevokeAiGatewayKey', result: 'revokeAiGatewayKey' }),
    route({
      method: 'PATCH',
      path: '/ai/v1/keys/:id',
      operation: 'UpdateAiGatewayKey',
      result: 'updateAiGatewayKey',
      bodyVariable: 'input',
    }),
    route({ method: 'GET', path: '/ai/v1/budgets', operation: 'ListAiBudgets', result: 'aiBudgets', list: true }),
    route({
      method: 'PUT',
      path: '/ai/v1/budgets',
      operation: 'PutAiBudget',
      result: 'putAiBudget',
      bodyVariable: 'input',
    }),
    route({ method: 'DELETE', path: '/ai/v1/budgets/:id', operation: 'DeleteAiBudget', result: 'deleteAiBudget' }),
    route({ method: 'GET', path: '/ai/v1/providers', operation: 'ListAiProviders', result: 'aiProviders', list: true }),
    route({
      method: 'PUT',
      path: '/ai/v1/providers/:provider',
      operation: 'PutAiProvider',
      result: 'putAiProvider',
      bodyVariable: 'input',
    }),
    route({
      method: 'DELETE',
      path: '/ai/v1/providers/:provider',
      operation: 'DeleteAiProvider',
      result: 'deleteAiProvider',
    }),
    route({ method: 'GET', path: '/ai/v1/routes', operation: 'ListAiRoutes', result: 'aiRoutes', list: true }),
    route({
      method: 'PUT',
      path: '/ai/v1/routes/:model',
      operation: 'PutAiRoute',
      result: 'putAiRoute',
      bodyVariable: 'input',
    }),
    route({ method: 'DELETE', path: '/ai/v1/routes/:model', operation: 'DeleteAiRoute', result: 'deleteAiRoute' }),
    route({ method: 'GET', path: '/ai/v1/logging', operation: 'GetAiLogSettings', result: 'aiLogSettings' }),
    route({
      method: 'PUT',
      path: '/ai/v1/logging',
      operation: 'PutAiLogSettings',
      result: 'putAiLogSettings',
      bodyVariable: 'input',
    }),
    route({
      method: 'GET',
      path: '/ai/v1/prices',
      operation: 'ListAiModelPrices',
      result: 'aiModelPrices',
      list: true,
    }),
    route({
      method: 'PUT',
      path: '/ai/v1/prices',
      operation: 'PutAiModelPrice',
      result: 'putAiModelPrice',
      bodyVariable: 'input',
    }),
    route({
      method: 'DELETE',
      path: '/ai/v1/prices/:id',
      operation: 'DeleteAiModelPrice',
      result: 'deleteAiModelPrice',
    }),
    route({
      method: 'GET',
      path: '/ai/v1/usage',
      operation: 'AiUsage',
      result: 'aiUsage',
      list: true,
      query: { from: 'string', to: 'string', groupBy: 'string' },
      variables: (req) => ({
        fromDate: req.query.from ?? null,
        toDate: req.query.to ?? null,
        groupBy: req.query.groupBy ?? null,
      }),
    }),
  ],
};
