import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config/project-root.js';
import { moduleCatalog } from '../../gateway/module-manifests.js';
import { responseChecker } from '../helpers/openapi-response-check.js';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';

type Media = { schema?: unknown; example?: unknown };
type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, unknown>;
};
const document = JSON.parse(readFileSync(join(projectRoot(), 'schema', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};

/** A path parameter as a caller would send one it has not created: the shape of an id, never one the server knows. */
const fill = (template: string) =>
  template.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(/slug|domain|name/i.test(name) ? 'example' : 'id_01J0EXAMPLE'),
  );

/**
 * Sends every operation's example request (its body, or none) to a running platform with a key of every scope, and
 * checks the answer against the document: a status listed for the operation, a body valid for that status's schema.
 * Example ids name nothing, so most answers are the documented 404 in the module's envelope; creates succeed.
 */
describe('every example of schema/openapi.json against the running server', () => {
  let platform: TestPlatform;
  let key: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    key = await platform.key('examples-live', 'SERVER', [...moduleCatalog().scopes]);
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  it('should answer each example with a documented status and a body valid against its schema', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const path = fill(template);
        const media = operation.requestBody?.content ?? {};
        const json = media['application/json'];
        const form = media['application/x-www-form-urlencoded'];
        const headers: Record<string, string> = { authorization: `Bearer ${key}` };
        let body: string | undefined;
        if (json) {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(json.example ?? {});
        } else if (form) {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          body = '';
        }
        const res = await fetch(platform.url + path, {
          method: method.toUpperCase(),
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(60_000),
        });
        sent++;
        const type = res.headers.get('content-type');
        if (type?.includes('event-stream')) {
          await res.body?.cancel();
          if (!(String(res.status) in (operation.responses ?? {})))
            failures.push(`${method.toUpperCase()} ${template}: status ${res.status} is not documented`);
          continue;
        }
        const text = await res.text();
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        if (res.status >= 500)
          failures.push(`${method.toUpperCase()} ${template}: ${res.status} ${text.slice(0, 300)}`);
        else if (!(String(res.status) in (operation.responses ?? {})) && !('default' in (operation.responses ?? {})))
          failures.push(
            `${method.toUpperCase()} ${template}: status ${res.status} is not documented; body ${text.slice(0, 300)}`,
          );
        else {
          const problem = responseChecker().check(method, path, res.status, type, parsed);
          if (problem) failures.push(problem);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  }, 600_000);
});
