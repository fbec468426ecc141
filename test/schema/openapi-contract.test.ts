import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { projectRoot } from '../../platform/config/project-root.js';

const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (
  ajv: Ajv2020,
) => void;
type Doc = {
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, any>; responses: Record<string, any> };
};
const document = JSON.parse(readFileSync(join(projectRoot(), 'schema', 'openapi.json'), 'utf8')) as Doc;
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
);

describe('schema/openapi.json as a contract for callers', () => {
  it('should give every operation a summary naming its action and a description', () => {
    const bad = operations.filter(
      ({ op }) =>
        typeof op.summary !== 'string' ||
        /^(GET|POST|PUT|PATCH|DELETE) \//.test(op.summary) ||
        op.summary.length > 80 ||
        typeof op.description !== 'string' ||
        op.description.length < 10,
    );
    expect(bad.map((o) => `${o.name}: ${o.op.summary}`)).toEqual([]);
    expect(document.paths['/v1/agent-email/messages/send']!.post.summary).toBe('Send mailbox message');
  });

  it('should describe the JSON body of every success answer in the envelope, CRM accepted writes included', () => {
    const opaque = operations.filter(({ op }) =>
      Object.entries(op.responses ?? {}).some(
        ([status, r]: [string, any]) => status.startsWith('2') && status !== '204' && !r.content && !r.$ref,
      ),
    );
    // What stays opaque is truly not the envelope: redirects, pixels, files, streams and answers shaped by the route.
    expect(opaque.filter((o) => o.name.includes(' /crm/contacts') || o.name.includes(' /crm/companies'))).toEqual([]);
    const created =
      document.paths['/crm/contacts']!.post.responses['202'].content['application/json'].schema.properties.data;
    expect(Object.keys(created.properties)).toEqual(['id', 'externalId', 'email', 'status', 'pending']);
  });

  it('should describe every tag', () => {
    expect(document.tags.filter((t) => !t.description).map((t) => t.name)).toEqual([]);
    expect(document.tags.length).toBeGreaterThanOrEqual(11);
  });

  it('should carry an example request body and success answer on every operation, each valid against its schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
    const failures: string[] = [];
    let checked = 0;
    const check = (name: string, media: { schema?: unknown; example?: unknown } | undefined) => {
      if (!media?.schema) return;
      if (media.example === undefined) return failures.push(`${name}: no example`);
      const schema = JSON.parse(JSON.stringify(media.schema).replaceAll('"#/components/', '"doc#/components/'));
      const validate = ajv.compile(schema);
      checked++;
      if (!validate(media.example))
        failures.push(`${name}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(media.example).slice(0, 200)}`);
    };
    for (const { name, op } of operations) {
      check(`${name} request`, op.requestBody?.content?.['application/json']);
      for (const [status, response] of Object.entries(op.responses ?? {}) as [string, any][])
        if (/^2/.test(status)) check(`${name} ${status}`, response.content?.['application/json']);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  it('should publish the rules the server applies: required fields, bounds, formats, one value or a list', () => {
    const send = document.components.schemas.SendEmailInput;
    // `to` takes one address or a list, as the README sends it; items are never null.
    expect(send.properties.to.anyOf?.[0] ?? send.properties.to).toMatchObject({
      oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    });
    const form = document.components.schemas.CreateFormInput;
    expect(form.required).toContain('title');
    expect(form.properties.title).toMatchObject({ type: 'string' });
    const withRequired = Object.values(document.components.schemas).filter(
      (s: any) => s.type === 'object' && s.required?.length,
    );
    expect(withRequired.length).toBeGreaterThan(50);
    const bounded = JSON.stringify(document.components.schemas);
    expect(bounded).toContain('"maxLength"');
    expect(bounded).toContain('"maximum"');
  });
});
