import { crmModule } from '../../../subgraphs/crm/index.js';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

describe('CRM properties, tags, CQL query and fields through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;

  const create = async (body: Record<string, unknown>, k = key) => {
    const res = await t.request('POST', '/crm/contacts', { key: k, body });
    expect(res.status).toBe(202);
    return res.body.data.externalId as string;
  };
  const waitCommitted = (ext: string, k = key) =>
    eventually(async () => {
      const r = await t.request('GET', `/crm/contacts/${ext}`, { key: k });
      return r.status === 200 ? r.body.data : null;
    });
  const query = (body: unknown, k = key) => t.request('POST', '/crm/query', { key: k, body });

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [crmModule()] });
    key = await t.key('crm-query');
    other = await t.key('crm-query-other');
    const props = [
      { key: 'score', label: 'Score', type: 'NUMBER' },
      { key: 'plan', label: 'Plan', type: 'SELECT', options: ['free', 'pro', 'enterprise'] },
      { key: 'interests', label: 'Interests', type: 'MULTI_SELECT', options: ['api', 'crm', 'sms'] },
      { key: 'renewal', label: 'Renewal', type: 'DATE', group: 'COMPANY_INFO' },
    ];
    for (const p of props) expect((await t.request('POST', '/crm/properties', { key, body: p })).status).toBe(201);
    const people = [
      {
        email: 'ada@acme.example',
        name: 'Ada',
        lifecycleStage: 'CUSTOMER',
        properties: { score: 90, plan: 'pro', interests: ['api', 'crm'], renewal: '2026-06-01' },
      },
      {
        email: 'bob@acme.example',
        name: 'Bob',
        lifecycleStage: 'LEAD',
        properties: { score: 40, plan: 'free', interests: ['sms'] },
      },
      {
        email: 'cy@other.example',
        name: 'Cy',
        lifecycleStage: 'CUSTOMER',
        properties: { score: 70, plan: 'enterprise' },
      },
      { name: 'Anonymous', properties: { score: 10 } },
    ];
    const ids = [];
    for (const p of people) ids.push(await create(p));
    for (const ext of ids) await waitCommitted(ext);
    await waitCommitted(
      await create({ email: 'ada@acme.example', name: 'Other org Ada', lifecycleStage: 'CUSTOMER' }, other),
      other,
    );
  });
  afterAll(() => t.stop());

  it('should answer the spec where string with data and meta (time and plan cost)', async () => {
    const res = await query({ entity: 'contact', where: 'lifecycleStage = CUSTOMER AND email contains acme' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['Ada']);
    expect(res.body.meta).toEqual({
      total: 1,
      limit: 20,
      page: 1,
      totalPages: 1,
      queryTimeMs: expect.any(Number),
      estimatedCost: expect.any(Number),
    });
    expect(res.body.meta.estimatedCost).toBeGreaterThan(0);
  });

  it('should filter on custom properties by type, sort and page', async () => {
    const names = async (body: Record<string, unknown>) =>
      (await query(body)).body.data.map((c: { name: string }) => c.name);
    expect(await names({ where: 'score >= 40', sort: 'score:desc' })).toEqual(['Ada', 'Cy', 'Bob']);
    expect(await names({ where: 'plan in (pro, enterprise)', sort: 'name:asc' })).toEqual(['Ada', 'Cy']);
    expect(await names({ where: 'interests contains_any (sms, crm)', sort: 'name:asc' })).toEqual(['Ada', 'Bob']);
    expect(await names({ where: 'isIdentified = false' })).toEqual(['Anonymous']);
    expect(await names({ where: 'renewal between 2026-01-01 and 2026-12-31' })).toEqual(['Ada']);
    expect(await names({ where: 'createdAt > -1d and not (plan = free or plan is empty)', sort: 'name:asc' })).toEqual([
      'Ada',
      'Cy',
    ]);
    expect(
      await names({
        filter: {
          logic: 'OR',
          conditions: [
            { type: 'field', field: 'properties.score', operator: 'lt', value: 20 },
            { type: 'field', field: 'name', operator: 'eq', value: 'Bob' },
          ],
        },
        sort: 'name:asc',
      }),
    ).toEqual(['Anonymous', 'Bob']);
    const paged = await query({ where: 'score > 0', sort: 'score:asc', page: 2, limit: 3 });
    expect(paged.body.data.map((c: { name: string }) => c.name)).toEqual(['Ada']);
    expect(paged.body.meta).toMatchObject({ total: 4, page: 2, limit: 3, totalPages: 2 });
  });

  it('should answer POST /crm/contacts/filter as a list', async () => {
    const res = await t.request('POST', '/crm/contacts/filter', {
      key,
      body: {
        filter: {
          logic: 'AND',
          conditions: [{ type: 'field', field: 'lifecycleStage', operator: 'in', value: ['CUSTOMER'] }],
        },
        sortBy: 'name',
        sortOrder: 'asc',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['Ada', 'Cy']);
    expect(res.body.meta).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 });
  });

  it('should give 400 with position and expectation for parse and type errors, and never run them', async () => {
    const parse = await query({ where: "name = 'x' AND" });
    expect(parse.status).toBe(400);
    expect(parse.body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'where', position: 14, expected: 'a field name' },
    });
    const type = await query({ where: 'score > lots' });
    expect(type.body.error.details).toMatchObject({ position: 0, expected: 'a number', received: 'lots' });
    const injection = await query({ where: `name = "x' or 1=1; drop table crm.contacts; --"` });
    expect(injection.status).toBe(200);
    expect(injection.body.data).toEqual([]);
    const fieldInjection = await query({
      filter: { conditions: [{ field: 'name) or (1=1', operator: 'eq', value: 'x' }] },
    });
    expect(fieldInjection.status).toBe(400);
    expect((await query({ where: 'a = 1', filter: { conditions: [] } })).status).toBe(400);
    expect((await query({ where: 'name = x', sort: 'name; drop' })).body.error.details).toMatchObject({
      field: 'sort',
    });
    expect((await query({ entity: 'deal' })).body.error.details).toMatchObject({
      field: 'entity',
      expected: ['contact', 'company'],
    });
    // The contacts are all still there.
    expect((await query({})).body.meta.total).toBe(4);
  });

  it('should list fields with types and operators, and properties with the system ones', async () => {
    const fields = await t.request('GET', '/crm/fields?entity=contact', { key });
    expect(fields.status).toBe(200);
    expect(fields.body.data).toEqual(
      expect.arrayContaining([
        {
          name: 'email',
          label: 'Email',
          type: 'EMAIL',
          isSystem: true,
          operators: expect.arrayContaining(['eq', 'contains', 'is_empty']),
          options: null,
          access: 'read_write',
        },
        {
          name: 'score',
          label: 'Score',
          type: 'NUMBER',
          isSystem: false,
          operators: expect.arrayContaining(['gt', 'between']),
          options: null,
          access: 'read_write',
        },
        {
          name: 'interests',
          label: 'Interests',
          type: 'MULTI_SELECT',
          isSystem: false,
          operators: ['contains_any', 'contains_all', 'is_empty', 'is_not_empty'],
          options: ['api', 'crm', 'sms'],
          access: 'read_write',
        },
      ]),
    );
    const system = await t.request('GET', '/crm/properties?entity=CONTACT&isSystem=true', { key });
    expect(system.body.data.every((p: { isSystem: boolean }) => p.isSystem)).toBe(true);
    const custom = await t.request('GET', '/crm/properties?isSystem=false&group=COMPANY_INFO', { key });
    expect(custom.body.data.map((p: { key: string }) => p.key)).toEqual(['renewal']);
    // The other organization sees none of these custom properties.
    expect((await t.request('GET', '/crm/properties?isSystem=false', { key: other })).body.data).toEqual([]);
  });

  it('should validate custom values against their definitions', async () => {
    const bad = async (properties: Record<string, unknown>) =>
      (await t.request('POST', '/crm/contacts', { key, body: { properties } })).body.error;
    expect(await bad({ score: 'high' })).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'properties.score', expected: 'a finite number' },
    });
    expect(await bad({ plan: 'gold' })).toMatchObject({
      details: { field: 'properties.plan', expected: ['free', 'pro', 'enterprise'] },
    });
    expect(await bad({ interests: ['api', 'fax'] })).toMatchObject({ details: { field: 'properties.interests' } });
    expect(await bad({ renewal: '2026-13-45' })).toMatchObject({ details: { field: 'properties.renewal' } });
    expect(await bad({ shoe: 42 })).toMatchObject({ details: { field: 'properties.shoe' } });
    // A required property must be given on creation.
    const req = await t.request('POST', '/crm/properties', {
      key,
      body: { key: 'region', label: 'Region', type: 'TEXT', isRequired: true },
    });
    expect(req.status).toBe(201);
    expect(await bad({})).toMatchObject({ details: { field: 'properties.region' } });
    // Deleting archives: hidden from listings and CQL, and no longer required; 409 on the same key again.
    const del = await t.request('DELETE', `/crm/properties/${req.body.data.id}`, { key });
    expect(del.body.data).toMatchObject({ key: 'region', archived: true });
    expect((await t.request('POST', '/crm/contacts', { key, body: { name: 'No region' } })).status).toBe(202);
    expect((await query({ where: 'region = x' })).status).toBe(400);
    const again = await t.request('POST', '/crm/properties', {
      key,
      body: { key: 'region', label: 'Region', type: 'TEXT' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('PROPERTY_KEY_EXISTS');
    const badType = await t.request('POST', '/crm/properties', { key, body: { key: 'x1', label: 'X', type: 'BLOB' } });
    expect(badType.body.error.details).toMatchObject({
      field: 'type',
      expected: expect.arrayContaining(['TEXT', 'MULTI_SELECT', 'CURRENCY']),
    });
    expect(
      (await t.request('POST', '/crm/properties', { key, body: { key: 'x2', label: 'X', type: 'SELECT' } })).status,
    ).toBe(400);
    const patched = await t.request(
      'PATCH',
      '/crm/properties/' + (await t.request('GET', '/crm/properties?isSystem=false', { key })).body.data[0].id,
      { key, body: { label: 'Lead score' } },
    );
    expect(patched.body.data).toMatchObject({ key: 'score', label: 'Lead score' });
    expect((await t.request('PATCH', '/crm/properties/999999', { key, body: { label: 'x' } })).status).toBe(404);
  });

  it('should manage tags (TAG_KEY_EXISTS) and tag contacts, queryable through CQL', async () => {
    const vip = await t.request('POST', '/crm/tags', { key, body: { key: 'vip', name: 'VIP', color: '#ff8800' } });
    expect(vip.status).toBe(201);
    expect(vip.body.data).toMatchObject({
      id: expect.any(Number),
      key: 'vip',
      name: 'VIP',
      color: '#ff8800',
      description: null,
    });
    expect((await t.request('POST', '/crm/tags', { key, body: { key: 'vip', name: 'Again' } })).body.error.code).toBe(
      'TAG_KEY_EXISTS',
    );
    expect((await t.request('POST', '/crm/tags', { key, body: { key: 'Not Valid' } })).status).toBe(400);
    expect(
      (
        await t.request('PATCH', `/crm/tags/${vip.body.data.id}`, {
          key,
          body: { name: 'Very important', color: '#000' },
        })
      ).body.data,
    ).toMatchObject({ name: 'Very important', color: '#000' });
    const tagged = await t.request('POST', '/crm/contacts/ada@acme.example/tags', {
      key,
      body: { tagId: vip.body.data.id },
    });
    expect(tagged.status).toBe(200);
    expect(tagged.body.data.map((x: { key: string }) => x.key)).toEqual(['vip']);
    expect((await query({ where: 'tags contains_any (vip)' })).body.data.map((c: { name: string }) => c.name)).toEqual([
      'Ada',
    ]);
    expect(
      (
        await t.request('POST', '/crm/contacts/ada@acme.example/tags', {
          key: other,
          body: { tagId: vip.body.data.id },
        })
      ).status,
    ).toBe(404);
    const untagged = await t.request('DELETE', `/crm/contacts/ada@acme.example/tags/${vip.body.data.id}`, { key });
    expect(untagged.body.data).toEqual([]);
    expect((await t.request('DELETE', `/crm/tags/${vip.body.data.id}`, { key })).status).toBe(204);
    expect((await t.request('GET', '/crm/tags', { key })).body.data).toEqual([]);
  });
});
