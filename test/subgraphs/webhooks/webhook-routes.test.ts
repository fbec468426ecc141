import { loadOperations } from '../../../rest-bridge/operations.js';
import { webhookModuleRoutes, webhookRouteSpecs, webhookRoutes } from '../../../rest-bridge/routes/webhooks.routes.js';
import type { BridgeRequest } from '../../../rest-bridge/route-table.js';

const request = (over: Partial<BridgeRequest>): BridgeRequest => ({
  params: {},
  query: {},
  body: undefined,
  headers: {},
  ip: '127.0.0.1',
  ...over,
});

describe('mounting the webhook engine on a module’s paths', () => {
  const operations = loadOperations();

  it('should give /webhooks every documented path, each naming an existing operation', () => {
    expect(webhookRoutes.routes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /webhooks',
      'GET /webhooks',
      'GET /webhooks/deliveries',
      'POST /webhooks/deliveries/:deliveryId/retry',
      'GET /webhooks/:webhookId',
      'PATCH /webhooks/:webhookId',
      'DELETE /webhooks/:webhookId',
      'POST /webhooks/:webhookId/test',
      'GET /webhooks/:webhookId/deliveries',
    ]);
    for (const route of webhookRoutes.routes) expect(operations.has(route.operation)).toBe(true);
    expect(webhookRoutes).toMatchObject({ module: 'webhooks', prefix: '/webhooks', envelope: 'platform' });
  });

  it('should mount a module’s subset under its prefix, in its namespace and envelope', () => {
    const support = webhookModuleRoutes({
      module: 'support',
      prefix: '/support',
      envelope: 'forms',
      namespace: 'support',
      path: '/support/webhooks',
      only: ['create', 'list', 'delete', 'deliveries'],
      deliveriesSegment: 'logs',
    });
    expect(support.envelope).toBe('forms');
    expect(support.routes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /support/webhooks',
      'GET /support/webhooks',
      'DELETE /support/webhooks/:webhookId',
      'GET /support/webhooks/:webhookId/logs',
    ]);
    const create = support.routes[0]!;
    expect(
      create.variables!(
        request({ body: { url: 'https://x.test', events: ['conversation.created'], secret: 's'.repeat(20) } }),
      ),
    ).toEqual({
      input: { url: 'https://x.test', events: ['conversation.created'], secret: 's'.repeat(20) },
      namespace: 'support',
      filter: null,
    });
    expect(() => create.variables!(request({ body: 'nope' }))).toThrow('The body must be a JSON object');
    expect(support.routes[3]!.variables!(request({ params: { webhookId: 'wh_1' }, query: { count: 5 } }))).toEqual({
      count: 5,
      webhookId: 'wh_1',
      namespace: 'support',
    });
  });

  it('should narrow per-resource webhooks with a filter taken from the path', () => {
    const routes = webhookRouteSpecs({
      namespace: 'mailboxes',
      path: '/v1/agent-email/mailboxes/:mailboxId/webhooks',
      itemPath: '/v1/agent-email/webhooks/:webhookId',
      filterParams: { mailboxId: 'mailboxId' },
      only: ['create', 'list', 'update', 'delete', 'test'],
    });
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/agent-email/mailboxes/:mailboxId/webhooks',
      'GET /v1/agent-email/mailboxes/:mailboxId/webhooks',
      'PATCH /v1/agent-email/webhooks/:webhookId',
      'DELETE /v1/agent-email/webhooks/:webhookId',
      'POST /v1/agent-email/webhooks/:webhookId/test',
    ]);
    expect(routes[1]!.variables!(request({ params: { mailboxId: 'mbx_9' } }))).toEqual({
      namespace: 'mailboxes',
      filter: { mailboxId: 'mbx_9' },
    });
  });
});
