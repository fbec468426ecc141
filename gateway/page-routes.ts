import type { FastifyInstance, FastifyRequest } from 'fastify';
import { onRequestStep } from '../platform/http/edge/edge-server.js';
import type { HttpEdge } from '../platform/http/edge/http-edge.js';
import { domainEnvelope } from '../platform/http/edge/error-envelope.js';
import type { PageApi, PageRoute } from '../platform/http/html/page-route.js';
import type { ExecuteOperation, RestBridge } from '../rest-bridge/bridge.js';
import type { Operation } from '../rest-bridge/operations.js';
import { renderError } from '../rest-bridge/envelopes.js';

export interface PageRouteWiring {
  app: FastifyInstance;
  edge: HttpEdge;
  bridge: RestBridge;
  operations: Map<string, Operation>;
  execute: ExecuteOperation;
}

/** Bodies of plain HTML forms: answers of a long form fit well under this. */
const PAGE_FORM_BODY_LIMIT = 256 * 1024;
const PLATFORM_ENVELOPE = domainEnvelope((status, error) => renderError('platform', status, error));

/**
 * Serves the modules' pages. A page route counts its request like a public bridge route (per IP, its figures) and
 * runs operations as a caller without a key; a request it does not accept (JSON on `/f/:ref`) is the bridge's.
 */
export function registerPageRoutes(
  routes: PageRoute[],
  { app, edge, bridge, operations, execute }: PageRouteWiring,
): void {
  const delegated = new WeakSet<FastifyRequest>();
  for (const route of routes) {
    const name = `${route.method} ${route.path} (page)`;
    app.route({
      method: route.method,
      url: route.path,
      config: { envelope: PLATFORM_ENVELOPE },
      onRequest: onRequestStep((request, reply) => {
        if (route.accepts && !route.accepts(request)) {
          delegated.add(request);
          return bridge.admit(request, reply);
        }
        request.edge.log.route = name;
        request.edge.body =
          route.method !== 'POST'
            ? { read: false }
            : route.uploads
              ? { format: 'form-data', limit: route.uploads.bodyLimitBytes }
              : { format: 'form', limit: PAGE_FORM_BODY_LIMIT };
        const counted = edge.admit(request, reply, { route: name, ...route.rateLimit });
        return counted instanceof Promise ? counted.then(() => undefined) : undefined;
      }),
      handler: (request, reply) => {
        if (delegated.has(request)) return bridge.handle(request, reply);
        const api: PageApi = {
          run: async (operationName, variables) => {
            const operation = operations.get(operationName);
            if (!operation) throw new Error(`No operation named ${operationName}`);
            return execute(operation, variables, { requestId: request.edge.requestId, auth: null }) as never;
          },
        };
        return route.handle(request, reply, api);
      },
    });
  }
}
