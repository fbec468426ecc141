import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { ALL_ROUTES } from '../../rest-bridge/routes/index.js';
import { takesJsonBody } from '../../rest-bridge/body-rules.js';
import { projectRoot } from '../../platform/config/project-root.js';
import type { EnvelopeStyle } from '../../rest-bridge/envelopes.js';
import type { RouteSpec } from '../../rest-bridge/route-table.js';

type Schema = Record<string, any>;
const document = JSON.parse(readFileSync(join(projectRoot(), 'schema', 'openapi.json'), 'utf8')) as Schema;
const resolve = (schema: Schema): Schema =>
  schema?.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()]) : (schema ?? {});

/** The documented request body of a route, with its references followed one level. */
function bodyOf(spec: RouteSpec): Schema | undefined {
  const path = spec.path.replace(/:(\w+)/g, '{$1}');
  const content = document.paths[path]?.[spec.method.toLowerCase()]?.requestBody?.content?.['application/json'];
  return content ? resolve(content.schema) : undefined;
}

/** A value of the wrong JSON kind for a schema, or undefined when the schema takes any value. */
function wrongValueFor(schema: Schema): unknown {
  const s = resolve(schema);
  const branches: Schema[] = s.oneOf ?? s.anyOf ?? [s];
  const kinds = new Set(
    branches.flatMap((b) => [resolve(b).type ?? (resolve(b).properties ? 'object' : 'any')].flat()),
  );
  if (kinds.has('any')) return undefined;
  if (!kinds.has('object')) return { nested: true };
  if (!kinds.has('boolean')) return true;
  return undefined;
}

/** GraphQL's words, its suggestions and our internal input type names must never reach a REST caller. */
const FORBIDDEN = [/Variable "\$/, /GraphQL/, /Did you mean/, /\b[A-Z][A-Za-z0-9]*Input\b/];

/** The error object of an envelope; the envelopes that show details (not mailboxes, SMS or the AI gateway) carry `field`. */
function errorOf(
  style: EnvelopeStyle,
  body: any,
): { code: string; message: string; details?: { field?: string; expected?: unknown } } {
  return style === 'platform' || style === 'domains' ? body.error : body.error;
}
const SHOWS_DETAILS: EnvelopeStyle[] = ['platform', 'domains', 'forms', 'support', 'crm'];

describe('a REST body that does not match its route answers in REST words', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    key = await t.key('rest-words');
    // Enterprise: no per-endpoint caps, so each request reaches the body check rather than the rate limiter.
    await t.platform.orm.em
      .getConnection()
      .execute(`update platform.organizations set plan = 'ENTERPRISE' where slug = 'rest-words'`);
  });
  afterAll(() => t.stop());

  const send = async (spec: RouteSpec, body: unknown) => {
    const path = spec.path.replace(/:(\w+)/g, 'x1');
    const res = await fetch(`${t.url}${path}`, {
      method: spec.method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
  };

  it("should refuse, on every route, an unknown field, a wrongly typed one and a missing required one, naming the field and never in GraphQL's words", async () => {
    const routes = ALL_ROUTES.flatMap((m) =>
      m.routes.filter(takesJsonBody).map((spec) => ({ spec, style: m.envelope })),
    );
    expect(routes.length).toBeGreaterThan(150);
    const failures: string[] = [];
    let checked = 0;
    for (const { spec, style } of routes) {
      const schema = bodyOf(spec);
      const cases: { name: string; body: unknown; field?: string }[] = [];
      if (schema?.additionalProperties === false)
        cases.push({ name: 'unknown field', body: { zzNotAField: 1 }, field: 'zzNotAField' });
      const required: string[] = schema?.additionalProperties === false ? (schema.required ?? []) : [];
      if (required.length > 0) cases.push({ name: 'missing field', body: {}, field: required[0] });
      const typed = Object.entries((schema?.properties ?? {}) as Record<string, Schema>).find(
        ([, p]) => wrongValueFor(p) !== undefined,
      );
      if (typed) cases.push({ name: 'wrong type', body: { [typed[0]]: wrongValueFor(typed[1]) }, field: typed[0] });
      if (cases.length === 0) cases.push({ name: 'unknown field', body: { zzNotAField: 1 } });
      for (const c of cases) {
        const res = await send(spec, c.body);
        const label = `${spec.method} ${spec.path} (${c.name}) → ${res.status} ${res.text.slice(0, 300)}`;
        const leaked = FORBIDDEN.find((pattern) => pattern.test(res.text));
        if (leaked) failures.push(`${label}: contains ${leaked}`);
        if (res.status >= 500) failures.push(`${label}: a 5xx`);
        // Bodies spread over several variables by the route are GraphQL's to check: no leak and no 5xx is what is asked of them.
        if (!c.field || spec.respond || schema?.additionalProperties !== false) continue;
        checked++;
        if (res.status !== 400) {
          failures.push(`${label}: expected 400`);
          continue;
        }
        const error = errorOf(style, res.body);
        if (SHOWS_DETAILS.includes(style)) {
          if (error.details?.field !== c.field) failures.push(`${label}: details.field should be ${c.field}`);
          if (typeof error.details?.expected !== 'string' && !Array.isArray(error.details?.expected))
            failures.push(`${label}: details.expected missing`);
        } else if (!error.message.includes(c.field)) failures.push(`${label}: the message should name ${c.field}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(250);
  });

  it('should name an item of a list and a field of an item by their JSON path', async () => {
    const email = await t.request('POST', '/emails', {
      key,
      body: { from: 'a@example.com', to: ['b@example.com', 5], subject: 'Hi', text: 'x' },
    });
    expect(email.status).toBe(400);
    expect(email.body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'to[1]', received: 5, expected: 'a string' },
    });

    const form = await t.request('POST', '/forms', {
      key,
      body: {
        title: 'Survey',
        fields: [
          { type: 'SHORT_TEXT', label: 'A' },
          { type: 'SHORT_TEXT', label: 'B' },
          { type: 'SHORT_TEXT', label: 42 },
        ],
      },
    });
    expect(form.status).toBe(400);
    expect(form.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'fields[2].label', expected: 'a string, or null' },
    });
  });

  it('should never repeat a secret or the whole body back', async () => {
    const res = await t.request('POST', '/auth/users', {
      key,
      body: { email: 'x@example.com', password: 12345678901, surname: 'not a field' },
    });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('12345678901');
    expect(res.text).not.toContain('x@example.com');
  });

  it('should take one value alone where the route takes a list of plain values', async () => {
    const res = await t.request('POST', '/emails', {
      key,
      body: { from: 'a@example.com', to: 'b@example.com', subject: 'Hi', text: 'x' },
    });
    expect(res.status).not.toBe(400);
  });
});
