import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config/project-root.js';
import { ALL_ROUTES } from '../../rest-bridge/routes/index.js';

type Schema = { type?: string | string[]; anyOf?: Schema[]; properties?: Record<string, Schema>; items?: Schema };
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
const document = JSON.parse(readFileSync(join(projectRoot(), 'schema', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};

const nullable = (s: Schema | undefined) =>
  !!s && ((Array.isArray(s.type) && s.type.includes('null')) || !!s.anyOf?.some((x) => x.type === 'null'));
/** The route's result inside its envelope: `data` where the envelope has one (platform, forms, crm, ...), else the body. */
const resultOf = (body: Schema) => body.properties?.data ?? body;

/**
 * A field the server always fills must not be declared nullable: generated clients (sdk/) would make every caller
 * check for a null that never comes. Walks schema/openapi.json like openapi-examples-live does, over every JSON success
 * answer of a bridge route.
 */
describe('nullability of schema/openapi.json success answers', () => {
  const successes = ALL_ROUTES.flatMap((module) =>
    module.routes.map((spec) => {
      const operation = document.paths[spec.path.replace(/:(\w+)/g, '{$1}')]?.[spec.method.toLowerCase()];
      const [status, response] =
        Object.entries(operation?.responses ?? {}).find(([code]) => code.startsWith('2')) ?? [];
      return {
        spec,
        name: `${spec.method} ${spec.path}`,
        status,
        body: response?.content?.['application/json']?.schema,
      };
    }),
  ).filter((s) => s.body);

  it('should find the JSON success answers of the bridge routes', () => {
    expect(successes.length).toBeGreaterThan(300);
  });

  it("should never declare a route's result nullable: a missing resource is a 404, never a success carrying null", () => {
    const nullableResults = successes.filter((s) => nullable(resultOf(s.body!))).map((s) => s.name);
    expect(nullableResults).toEqual([]);
  });

  it("should never declare a list route's items nullable", () => {
    const nullableItems = successes
      .filter((s) => s.spec.list)
      .filter((s) => {
        const list = resultOf(s.body!);
        return nullable(list.items) || nullable(list.properties?.messages?.items);
      })
      .map((s) => s.name);
    expect(nullableItems).toEqual([]);
  });

  it('should declare every field a route says it always fills non-null (GET /v1/agent-email/threads/{threadId} messages among them)', () => {
    const filled = successes.filter((s) => s.spec.filled?.length);
    expect(filled.map((s) => s.name)).toContain('GET /v1/agent-email/threads/:threadId');
    const stillNullable = filled.flatMap((s) =>
      s.spec
        .filled!.filter((field) => {
          const shape = resultOf(s.body!).properties?.[field];
          return !shape || nullable(shape) || nullable(shape.items);
        })
        .map((field) => `${s.name} ${field}`),
    );
    expect(stillNullable).toEqual([]);
  });
});
