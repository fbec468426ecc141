import fc from 'fast-check';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { ALL_ROUTES } from '../../rest-bridge/routes/index.js';
import type { EnvelopeStyle } from '../../rest-bridge/envelopes.js';
import type { ModuleRoutes, RouteSpec } from '../../rest-bridge/route-table.js';

/**
 * Property-based fuzzing of every route of the route table through the real stack ("Keep it fixed").
 * Each run sends one malformed request: no 5xx, an answer within the deadline, the module's envelope; a request
 * carrying a fault the edge must refuse gets a 4xx and writes nothing. Fixed seed, few runs per route: seconds per module.
 */
const SEED = 22;
const RUNS_PER_ROUTE = 2;
const DEADLINE_MS = 10_000;

/** Texts that broke the edge before: NUL, a lone surrogate, overlong, numbers out of every range. */
const nastyText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  'x'.repeat(5000),
  '9999-12-31',
  '1e400',
  'Infinity',
  '-0',
  '__proto__',
  '$ne',
  '',
  ' ',
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyText,
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -1, 0, true, null, [], {}, [null], { $ne: null }),
  fc.string({ maxLength: 20 }),
  fc.integer(),
);
/** A JSON object body of random keys (NUL and surrogates included) and nasty values. */
const nastyObject = fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), nastyText), nastyValue, { maxKeys: 6 });

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** A raw body and its content type; `poison` marks what the edge must refuse whatever the route. */
const malformedBody = fc.oneof(
  nastyObject.map((o) => ({ raw: JSON.stringify(o), type: 'application/json', poison: false })),
  fc.constantFrom(
    { raw: deep(10_000), type: 'application/json', poison: true },
    { raw: '{"a":"\\u0000"}', type: 'application/json', poison: true },
    { raw: '{"\\u0000":1}', type: 'application/json', poison: true },
    { raw: '{"a":"\\ud800"}', type: 'application/json', poison: true },
    { raw: '{"a":1', type: 'application/json', poison: true },
    { raw: '{"a":1}', type: 'application/json; charset=latin1', poison: true },
    { raw: '{"a":1}', type: 'text/plain', poison: true },
    { raw: 'a=1&b=2', type: 'application/x-www-form-urlencoded', poison: false },
    { raw: '[1e400, -0, 1e-400]', type: 'application/json', poison: false },
    { raw: '"just a string"', type: 'application/json', poison: false },
    { raw: '[]', type: 'application/json', poison: false },
  ),
);

/** Query strings the edge must refuse (poison) or may ignore. */
const malformedQuery = fc.oneof(
  fc.constantFrom('count[$ne]=x', 'page[gt]=1', 'a%00=1', 'status=%00').map((q) => ({ q, poison: true })),
  fc
    .constantFrom(
      'page=abc',
      'page=Infinity',
      'limit=-0',
      'count=1e3',
      'offset=99999999999999999999',
      'startDate=9999-12-31',
      'fromDate=0000-00-00',
      'limit=',
      '',
    )
    .map((q) => ({ q, poison: false })),
);

const pathValue = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%ZZ', 'x'.repeat(300), '-1', '9'.repeat(40), '..%2F..', 'null'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

/** The shape of an error answer in each envelope. */
function isErrorEnvelope(style: EnvelopeStyle, status: number, body: any): boolean {
  const error =
    style === 'platform' || style === 'domains' ? (body?.success === false ? body.error : undefined) : body?.error;
  if (typeof error?.code !== 'string' || typeof error?.message !== 'string') return false;
  if (style === 'sms') return error.statusCode === status;
  if (style === 'openai') return typeof error.type === 'string';
  return true;
}

describe('every route of the route table under malformed input', () => {
  let t: TestPlatform;
  let key: string;
  let fingerprint: () => Promise<string>;

  beforeAll(async () => {
    t = await startTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    key = await t.key('fuzz');
    // Enterprise: no per-endpoint caps, so requests reach the code under test rather than the rate limiter.
    await t.platform.orm.em
      .getConnection()
      .execute(`update platform.organizations set plan = 'ENTERPRISE' where slug = 'fuzz'`);
    const tables = await t.platform.orm.em.getConnection().execute<{ name: string }[]>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'public') and table_name not like 'mikro_orm%'
        order by 1`,
    );
    // Every row of every module table, hashed: a request that wrote anything changes it.
    const sql = `select md5(concat(${tables.map((t) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${t.name} x)`).join(', ')})) as h`;
    fingerprint = async () => (await t.platform.orm.em.getConnection().execute<{ h: string }[]>(sql))[0]!.h;
  });
  afterAll(() => t.stop());

  const send = async (
    module: ModuleRoutes,
    spec: RouteSpec,
    params: string[],
    query: string,
    body: { raw: string; type: string } | null,
  ) => {
    let i = 0;
    const path = spec.path.replace(/:(\w+)/g, () => params[i++ % params.length] ?? 'x');
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (body) headers['content-type'] = body.type;
    const res = await fetch(`${t.url}${path}${query ? `?${query}` : ''}`, {
      method: spec.method,
      headers,
      body: body?.raw,
      redirect: 'manual',
      signal: AbortSignal.timeout(DEADLINE_MS),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, style: module.envelope };
  };

  for (const module of ALL_ROUTES) {
    const routes = module.routes;
    const reads = (spec: RouteSpec) =>
      !(spec.method === 'GET' || (spec.method === 'DELETE' && !spec.deleteWithBody) || spec.ignoreBody);

    it(`${module.module} ${module.prefix}: no 5xx, no hang, its envelope`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...routes),
          fc.array(pathValue, { minLength: 1, maxLength: 3 }),
          malformedQuery,
          malformedBody,
          async (spec, params, query, body) => {
            const res = await send(module, spec, params, query.q, reads(spec) ? body : null);
            expect(res.status).toBeLessThan(500);
            if (res.status >= 400 && !spec.respond) expect(isErrorEnvelope(res.style, res.status, res.body)).toBe(true);
          },
        ),
        { seed: SEED, numRuns: routes.length * RUNS_PER_ROUTE, endOnFailure: true },
      );
    });

    it(`${module.module} ${module.prefix}: a request the edge must refuse gets a 4xx in its envelope and writes nothing`, async () => {
      const before = await fingerprint();
      const poisoned = fc
        .tuple(
          fc.constantFrom(...routes),
          fc.array(pathValue, { minLength: 1, maxLength: 3 }),
          malformedQuery,
          malformedBody,
        )
        .filter(([spec, , query, body]) => query.poison || (reads(spec) && body.poison));
      await fc.assert(
        fc.asyncProperty(poisoned, async ([spec, params, query, body]) => {
          const res = await send(module, spec, params, query.q, reads(spec) ? body : null);
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(isErrorEnvelope(res.style, res.status, res.body)).toBe(true);
        }),
        { seed: SEED, numRuns: routes.length * RUNS_PER_ROUTE, endOnFailure: true },
      );
      expect(await fingerprint()).toBe(before);
    });
  }

  it("should refuse a key without the route's module scope with 403 before reading its body, on every keyed route", async () => {
    const smsOnly = await t.key('fuzz-scope', 'SERVER', ['sms']);
    const emailOnly = await t.key('fuzz-scope', 'SERVER', ['email']);
    // Enterprise: no per-endpoint caps, so every route answers its scope check rather than the rate limiter.
    await t.platform.orm.em
      .getConnection()
      .execute(`update platform.organizations set plan = 'ENTERPRISE' where slug = 'fuzz-scope'`);
    for (const module of ALL_ROUTES) {
      if (module.module === 'webhooks') continue; // each module's webhook namespace checks its own scope per call
      const other = module.module === 'sms' ? emailOnly : smsOnly;
      for (const spec of module.routes.filter((r) => r.auth !== 'public')) {
        const path = spec.path.replace(/:(\w+)/g, 'x');
        const hasBody = !(
          spec.method === 'GET' ||
          (spec.method === 'DELETE' && !spec.deleteWithBody) ||
          spec.ignoreBody
        );
        const res = await fetch(`${t.url}${path}`, {
          method: spec.method,
          headers: { authorization: `Bearer ${other}`, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          body: hasBody ? '{"not": json' : undefined,
          redirect: 'manual',
        });
        const body = await res.json().catch(() => undefined);
        expect({ route: `${spec.method} ${spec.path}`, status: res.status }).toEqual({
          route: `${spec.method} ${spec.path}`,
          status: 403,
        });
        expect(isErrorEnvelope(module.envelope, res.status, body)).toBe(true);
      }
    }
  });

  it("should answer a 404 under a module's prefix in that module's envelope", async () => {
    for (const module of ALL_ROUTES) {
      const res = await send(
        module,
        { method: 'GET', path: `${module.prefix}/no/such/path/here` } as RouteSpec,
        [],
        '',
        null,
      );
      expect([404, 405]).toContain(res.status);
      expect(isErrorEnvelope(module.envelope, res.status, res.body)).toBe(true);
    }
  });

  it('should carry the security headers on every answer, JSON and HTML alike', async () => {
    for (const path of ['/healthz', '/emails/messages', '/emails/t/unsubscribe/nope', '/graphql', '/ai/v1/models']) {
      const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
    }
  });

  it('should decode a UTF-16 JSON body rather than misread it as UTF-8', async () => {
    const body = Buffer.from(
      '\ufeff{"email":"utf16@example.com","password":"correct horse battery","emailVerified":true}',
      'utf16le',
    );
    const res = await fetch(`${t.url}/auth/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json; charset=utf-16' },
      body,
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { data: { email: string } }).data.email).toBe('utf16@example.com');
  });
});
