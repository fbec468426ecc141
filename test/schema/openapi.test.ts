import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { projectRoot } from '../../platform/config/project-root.js';
import { ALL_ROUTES } from '../../rest-bridge/routes/index.js';
import { allModules } from '../../gateway/modules.js';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { emailModule } from '../../subgraphs/email/index.js';
import { loadConfig } from '../../gateway/module-manifests.js';
import { createLogger } from '../../platform/logging/logger.js';
import { PlatformMetrics } from '../../platform/metrics/platform-metrics.js';
import type { PlatformDeps } from '../../platform/federation/subgraph-module.js';

const file = join(projectRoot(), 'schema', 'openapi.json');
const committed = () =>
  JSON.parse(readFileSync(file, 'utf8')) as {
    openapi: string;
    paths: Record<string, Record<string, any>>;
    components: any;
  };

describe('schema/openapi.json', () => {
  it('should be a valid OpenAPI 3.1 document (@readme/openapi-parser)', async () => {
    const result = await validate(committed() as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(committed().openapi).toBe('3.1.0');
  });

  it('should describe every route of the route table and every path a module serves itself', () => {
    const { paths } = committed();
    const missing: string[] = [];
    for (const module of ALL_ROUTES) {
      for (const spec of module.routes) {
        const path = spec.path.replace(/:(\w+)/g, '{$1}');
        if (!paths[path]?.[spec.method.toLowerCase()]) missing.push(`${spec.method} ${spec.path}`);
      }
    }
    // Raw routes need only their paths here: no database, no listener is touched by asking for them.
    const deps = {
      config: loadConfig({}),
      logger: createLogger('silent'),
      orm: null,
      jobs: null,
      metrics: new PlatformMetrics(),
    } as unknown as PlatformDeps;
    const modules = allModules();
    // Fastify's `:name` and a trailing `*` (the rest of the path) are `{name}` and `{id}` in the document.
    const template = (path: string) => path.replace(/\/\*$/, '/{id}').replace(/:(\w+)/g, '{$1}');
    const raw = modules.flatMap((m) =>
      (m.httpRoutes?.(deps) ?? []).map((r) => ({ path: template(r.path), method: r.method?.toLowerCase() })),
    );
    for (const module of modules) void module.close?.();
    for (const route of raw)
      if (!(route.method ? paths[route.path]?.[route.method] : paths[route.path]))
        missing.push(`${route.method ?? '*'} ${route.path}`);
    expect(missing).toEqual([]);
    expect(Object.keys(paths).length).toBeGreaterThan(200);
  });

  it('should give routes their body, parameters, envelope and error codes from the code', () => {
    const { paths, components } = committed();
    const send = paths['/emails']!.post;
    expect(send.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/SendEmailInput',
    });
    expect(Object.keys(components.schemas.SendEmailInput.properties)).toEqual(
      expect.arrayContaining(['from', 'to', 'subject', 'html', 'attachments']),
    );
    expect(send.parameters).toEqual([
      { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } },
    ]);
    expect(send.responses['200'].content['application/json'].schema.properties.success).toEqual({ const: true });
    const get = paths['/emails/messages/{id}']!.get;
    expect(get.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    const notFound = components.responses[get.responses['404'].$ref.split('/').pop()];
    expect(notFound.description).toContain('MESSAGE_NOT_FOUND');
    const list = paths['/support/conversations']!.get;
    expect(list.responses['200'].content['application/json'].schema.properties.meta).toBeDefined();
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'status']),
    );
    // Mailboxes show bridge-level 400s and 429 under their own codes.
    const mailbox = paths['/v1/agent-email/mailboxes']!.post;
    expect(components.responses[mailbox.responses['429'].$ref.split('/').pop()].description).toBe(
      'Error codes: RATE_LIMIT_EXCEEDED',
    );
    expect(paths['/ai/v1/chat/completions']!.post.security).toEqual([{ gatewayKey: [] }]);
  });
});

describe('GET /openapi.json', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({ PUBLIC_URL: 'https://api.example.test' }, { modules: [emailModule()] });
  });
  afterAll(() => t.stop());

  it("should serve the committed document without a key, its servers the platform's PUBLIC_URL", async () => {
    const res = await fetch(`${t.url}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const served = (await res.json()) as Record<string, unknown>;
    expect(served.servers).toEqual([{ url: 'https://api.example.test', description: 'This platform (PUBLIC_URL)' }]);
    expect({ ...served, servers: undefined }).toEqual({
      ...JSON.parse(readFileSync(file, 'utf8')),
      servers: undefined,
    });
  });

  it('should serve the reference page at /docs from this origin only (Redoc from npm, no CDN)', async () => {
    const page = await fetch(`${t.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect([...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1])).toEqual(['/docs/redoc.js', '/docs/init.js']);
    const bundle = await fetch(`${t.url}/docs/redoc.js`);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(500_000);
    expect(await (await fetch(`${t.url}/docs/init.js`)).text()).toContain("Redoc.init('/openapi.json'");
  });
});
