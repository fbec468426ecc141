import type { WebhookNamespaceName } from '../../platform/federation/module-manifest.js';
import type { EnvelopeStyle } from '../envelopes.js';
import { jsonObject, PAGE_QUERY } from '../request-values.js';
import type { BridgeRequest, ModuleRoutes, RouteSpec } from '../route-table.js';

/** The webhook operations a module can mount. */
export type WebhookRouteName =
  'create' | 'list' | 'get' | 'update' | 'delete' | 'test' | 'deliveries' | 'retry' | 'log';

export interface WebhookRoutesOptions {
  /**
   * `platform`, or the module whose manifest declares its webhook namespace: it decides which event types the webhooks may subscribe to
   * and which key scope the calls need (checked by the webhooks subgraph, so GraphQL callers meet the same rules).
   */
  namespace: WebhookNamespaceName;
  /** The collection path, e.g. `/auth/webhooks`; may hold parameters (`/v1/agent-email/mailboxes/:mailboxId/webhooks`). */
  path: string;
  /** Path of a single webhook when it is not `<path>/:webhookId` (agent mailboxes: `/v1/agent-email/webhooks/:webhookId`). */
  itemPath?: string;
  /** Which operations to mount; default all. */
  only?: WebhookRouteName[];
  /** Name of the per-webhook delivery log segment; default `deliveries` (support calls it `logs`). */
  deliveriesSegment?: string;
  /** Path parameters that narrow the webhooks to one resource: parameter name → event data field, e.g. `{mailboxId: 'mailboxId'}`. */
  filterParams?: Record<string, string>;
}

const READS = { category: 'reads' as const };
const WRITES = { category: 'general' as const };

/**
 * The webhook engine's REST face for one path prefix: POST/GET `<path>`, GET/PATCH/DELETE `<path>/:webhookId`,
 * POST `<path>/:webhookId/test`, GET `<path>/:webhookId/deliveries`, POST `<path>/deliveries/:deliveryId/retry` and
 * GET `<path>/deliveries` (cursor). Every module mounts its webhook paths with this, in a few lines.
 */
export function webhookRouteSpecs(options: WebhookRoutesOptions): RouteSpec[] {
  const { namespace, path } = options;
  const item = options.itemPath ?? `${path}/:webhookId`;
  const deliveries = options.deliveriesSegment ?? 'deliveries';
  const only = new Set<WebhookRouteName>(
    options.only ?? ['create', 'list', 'get', 'update', 'delete', 'test', 'deliveries', 'retry', 'log'],
  );
  const filterOf = (r: BridgeRequest) => {
    if (!options.filterParams) return null;
    return Object.fromEntries(Object.entries(options.filterParams).map(([param, field]) => [field, r.params[param]]));
  };
  const id = (r: BridgeRequest) => ({ id: r.params.webhookId, namespace });
  const routes: [WebhookRouteName, RouteSpec][] = [
    [
      'create',
      {
        method: 'POST',
        path,
        operation: 'CreateWebhook',
        result: 'createWebhook',
        status: 201,
        rateLimit: WRITES,
        variables: (r) => ({ input: jsonObject(r.body), namespace, filter: filterOf(r) }),
      },
    ],
    [
      'list',
      {
        method: 'GET',
        path,
        operation: 'ListWebhooks',
        result: 'webhooks',
        list: true,
        query: PAGE_QUERY,
        rateLimit: READS,
        variables: (r) => ({ ...r.query, namespace, filter: filterOf(r) }),
      },
    ],
    // Static paths first: `<path>/deliveries` must not be read as a webhook id.
    [
      'log',
      {
        method: 'GET',
        path: `${path}/${deliveries}`,
        operation: 'WebhookDeliveryLog',
        result: 'webhookDeliveryLog',
        list: true,
        query: { cursor: 'string', limit: 'int', status: 'string', webhookId: 'string' },
        rateLimit: READS,
        variables: (r) => ({ ...r.query, namespace }),
      },
    ],
    [
      'retry',
      {
        method: 'POST',
        path: `${path}/${deliveries}/:deliveryId/retry`,
        operation: 'RetryWebhookDelivery',
        result: 'retryWebhookDelivery',
        rateLimit: WRITES,
        variables: (r) => ({ id: r.params.deliveryId, namespace }),
      },
    ],
    ['get', { method: 'GET', path: item, operation: 'GetWebhook', result: 'webhook', rateLimit: READS, variables: id }],
    [
      'update',
      {
        method: 'PATCH',
        path: item,
        operation: 'UpdateWebhook',
        result: 'updateWebhook',
        rateLimit: WRITES,
        variables: (r) => ({ ...id(r), input: jsonObject(r.body) }),
      },
    ],
    [
      'delete',
      {
        method: 'DELETE',
        path: item,
        operation: 'DeleteWebhook',
        result: 'deleteWebhook',
        rateLimit: WRITES,
        variables: id,
      },
    ],
    [
      'test',
      {
        method: 'POST',
        path: `${item}/test`,
        operation: 'SendWebhookTest',
        result: 'sendWebhookTest',
        rateLimit: WRITES,
        variables: id,
      },
    ],
    [
      'deliveries',
      {
        method: 'GET',
        path: `${item}/${deliveries}`,
        operation: 'ListWebhookDeliveries',
        result: 'webhookDeliveries',
        list: true,
        query: { ...PAGE_QUERY, status: 'string' },
        rateLimit: READS,
        variables: (r) => ({ ...r.query, webhookId: r.params.webhookId, namespace }),
      },
    ],
  ];
  return routes.filter(([name]) => only.has(name)).map(([, spec]) => spec);
}

/** A whole ModuleRoutes for a module whose webhooks are all it serves under `prefix` (e.g. the platform's /webhooks). */
export function webhookModuleRoutes(
  options: WebhookRoutesOptions & { module: string; prefix: string; envelope: EnvelopeStyle },
): ModuleRoutes {
  return {
    module: options.module,
    prefix: options.prefix,
    envelope: options.envelope,
    routes: webhookRouteSpecs(options),
  };
}

/** The platform-level webhooks, every module's events, platform envelope, `webhooks` scope. */
export const webhookRoutes: ModuleRoutes = webhookModuleRoutes({
  module: 'webhooks',
  prefix: '/webhooks',
  envelope: 'platform',
  namespace: 'platform',
  path: '/webhooks',
});
