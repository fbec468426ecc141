import { crmModule } from '../../../subgraphs/crm/index.js';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

describe('CRM lists: static and dynamic', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;
  const ids: number[] = [];

  const contact = async (body: Record<string, unknown>, k = key) => {
    const res = await t.request('POST', '/crm/contacts', { key: k, body });
    expect(res.status).toBe(202);
    const got = await eventually(async () => {
      const r = await t.request('GET', `/crm/contacts/${res.body.data.externalId}`, { key: k });
      return r.status === 200 ? r.body.data : null;
    });
    return Number(got.id);
  };

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [crmModule()] });
    key = await t.key('crm-lists');
    other = await t.key('crm-lists-other');
    ids.push(await contact({ email: 'a@lists.example', lifecycleStage: 'CUSTOMER' }));
    ids.push(await contact({ email: 'b@lists.example', lifecycleStage: 'LEAD' }));
    ids.push(await contact({ email: 'c@lists.example', lifecycleStage: 'CUSTOMER' }));
    await contact({ email: 'z@lists.example', lifecycleStage: 'CUSTOMER' }, other);
  });
  afterAll(() => t.stop());

  it('should create a static list and add and remove members by id', async () => {
    const created = await t.request('POST', '/crm/lists', {
      key,
      body: { name: 'Newsletter', entityType: 'CONTACT', isDynamic: false },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      id: expect.any(Number),
      name: 'Newsletter',
      entityType: 'CONTACT',
      isDynamic: false,
      filterCriteria: null,
      memberCount: 0,
    });
    const id = created.body.data.id;
    const added = await t.request('POST', `/crm/lists/${id}/members`, {
      key,
      body: { entityIds: [ids[0], ids[1], ids[0]] },
    });
    expect(added.body.data).toEqual({ changed: 2, memberCount: 2 });
    const members = await t.request('GET', `/crm/lists/${id}/members?limit=1`, { key });
    expect(members.body.meta).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
    expect(members.body.data).toHaveLength(1);
    const removed = await t.request('DELETE', `/crm/lists/${id}/members`, { key, body: { entityIds: [ids[1]] } });
    expect(removed.body.data).toEqual({ changed: 1, memberCount: 1 });
    const tooMany = await t.request('POST', `/crm/lists/${id}/members`, {
      key,
      body: { entityIds: Array.from({ length: 1001 }, (_, i) => i + 1) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'entityIds', received: 1001, expected: '1 to 1000 contact ids' },
    });
    // Another organization's contact is not a known id here.
    const foreign = await contact({ email: 'y@lists.example' }, other);
    expect(
      (await t.request('POST', `/crm/lists/${id}/members`, { key, body: { entityIds: [foreign] } })).body.error.details,
    ).toMatchObject({ received: [foreign] });
    expect((await t.request('GET', `/crm/lists/${id}`, { key: other })).status).toBe(404);
  });

  it('should evaluate a dynamic list with its CQL filter and refuse hand-added members', async () => {
    const created = await t.request('POST', '/crm/lists', {
      key,
      body: {
        name: 'Customers',
        isDynamic: true,
        filterCriteria: {
          logic: 'AND',
          conditions: [{ type: 'field', field: 'lifecycleStage', operator: 'eq', value: 'CUSTOMER' }],
        },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const evaluated = await t.request('POST', `/crm/lists/${id}/evaluate`, { key });
    expect(evaluated.status).toBe(200);
    expect(evaluated.body).toEqual({ data: { memberCount: 2 } });
    const members = await t.request('GET', `/crm/lists/${id}/members`, { key });
    expect(members.body.data.map((c: { email: string }) => c.email).sort()).toEqual([
      'a@lists.example',
      'c@lists.example',
    ]);
    const add = await t.request('POST', `/crm/lists/${id}/members`, { key, body: { entityIds: [ids[1]] } });
    expect(add.status).toBe(400);
    expect(add.body.error.code).toBe('INVALID_REQUEST');

    // A contact change re-evaluates the list by itself.
    await t.request('PATCH', `/crm/contacts/${ids[1]}`, { key, body: { lifecycleStage: 'CUSTOMER' } });
    await eventually(async () => (await t.request('GET', `/crm/lists/${id}`, { key })).body.data.memberCount === 3);
    await t.request('DELETE', `/crm/contacts/${ids[0]}`, { key });
    await eventually(async () => (await t.request('GET', `/crm/lists/${id}`, { key })).body.data.memberCount === 2);

    // A change to a field the filter does not read leaves the list alone: not marked, no run queued, not re-run.
    const before = (await t.request('GET', `/crm/lists/${id}`, { key })).body.data.lastEvaluatedAt;
    await t.request('PATCH', `/crm/contacts/${ids[2]}`, { key, body: { name: 'Renamed' } });
    await eventually(
      async () => (await t.request('GET', `/crm/contacts/${ids[2]}`, { key })).body.data.name === 'Renamed',
    );
    const db = t.platform.orm.em.getConnection();
    expect((await db.execute('select needs_evaluation from crm.lists where id = ?', [id]))[0].needs_evaluation).toBe(
      false,
    );
    expect(
      (
        await db.execute(
          `select count(*)::int as n from agenda_jobs where name = 'crm.evaluate-list' and data->>'listId' = ? and data->>'scheduled' is null`,
          [String(id)],
        )
      )[0].n,
    ).toBe(0);
    expect((await t.request('GET', `/crm/lists/${id}`, { key })).body.data.lastEvaluatedAt).toBe(before);

    // A new filter replaces the members.
    const patched = await t.request('PATCH', `/crm/lists/${id}`, {
      key,
      body: { filterCriteria: 'email starts_with c' },
    });
    expect(patched.status).toBe(200);
    expect((await t.request('POST', `/crm/lists/${id}/evaluate`, { key })).body.data.memberCount).toBe(1);
  });

  it('should re-evaluate a list filtering on tags when a contact is tagged or untagged', async () => {
    const tag = await t.request('POST', '/crm/tags', { key, body: { key: 'vip' } });
    const list = await t.request('POST', '/crm/lists', {
      key,
      body: { name: 'VIPs', isDynamic: true, filterCriteria: 'tags contains_any (vip)' },
    });
    await eventually(
      async () =>
        (await t.request('GET', `/crm/lists/${list.body.data.id}`, { key })).body.data.lastEvaluatedAt !== null,
    );
    await t.request('POST', `/crm/contacts/${ids[2]}/tags`, { key, body: { tagId: tag.body.data.id } });
    await eventually(
      async () => (await t.request('GET', `/crm/lists/${list.body.data.id}`, { key })).body.data.memberCount === 1,
    );
    await t.request('DELETE', `/crm/contacts/${ids[2]}/tags/${tag.body.data.id}`, { key });
    await eventually(
      async () => (await t.request('GET', `/crm/lists/${list.body.data.id}`, { key })).body.data.memberCount === 0,
    );
    expect((await t.request('DELETE', `/crm/lists/${list.body.data.id}`, { key })).status).toBe(204);
  });

  it('should re-evaluate a list filtering on lastActivityAt when an activity is logged', async () => {
    const list = await t.request('POST', '/crm/lists', {
      key,
      body: { name: 'Active this week', isDynamic: true, filterCriteria: 'lastActivityAt > -7d' },
    });
    await eventually(
      async () =>
        (await t.request('GET', `/crm/lists/${list.body.data.id}`, { key })).body.data.lastEvaluatedAt !== null,
    );
    expect((await t.request('GET', `/crm/lists/${list.body.data.id}`, { key })).body.data.memberCount).toBe(0);
    expect(
      (
        await t.request('POST', `/crm/contacts/${ids[1]}/activities`, {
          key,
          body: { type: 'CALL', content: 'Intro call' },
        })
      ).status,
    ).toBe(202);
    await eventually(
      async () => (await t.request('GET', `/crm/lists/${list.body.data.id}`, { key })).body.data.memberCount === 1,
    );
    expect((await t.request('DELETE', `/crm/lists/${list.body.data.id}`, { key })).status).toBe(204);
  });

  it('should keep evaluating a list whose filter names a property deleted since', async () => {
    const property = await t.request('POST', '/crm/properties', {
      key,
      body: { key: 'tier', entity: 'CONTACT', label: 'Tier', type: 'TEXT' },
    });
    expect(property.status).toBe(201);
    expect(
      (await t.request('PATCH', `/crm/contacts/${ids[1]}`, { key, body: { properties: { tier: 'gold' } } })).status,
    ).toBe(202);
    await eventually(
      async () => (await t.request('GET', `/crm/contacts/${ids[1]}`, { key })).body.data.properties.tier === 'gold',
    );
    const list = await t.request('POST', '/crm/lists', {
      key,
      body: { name: 'Gold', isDynamic: true, filterCriteria: 'tier = gold' },
    });
    expect((await t.request('POST', `/crm/lists/${list.body.data.id}/evaluate`, { key })).body).toEqual({
      data: { memberCount: 1 },
    });
    expect((await t.request('DELETE', `/crm/properties/${property.body.data.id}`, { key })).status).toBe(200);
    // The values stay on the records, so the stored filter still selects by them; new filters may not name the property.
    expect((await t.request('POST', `/crm/lists/${list.body.data.id}/evaluate`, { key })).body).toEqual({
      data: { memberCount: 1 },
    });
    expect(
      (
        await t.request('POST', '/crm/lists', {
          key,
          body: { name: 'Gold again', isDynamic: true, filterCriteria: 'tier = gold' },
        })
      ).status,
    ).toBe(400);
    expect((await t.request('DELETE', `/crm/lists/${list.body.data.id}`, { key })).status).toBe(204);
  });

  it('should check list input: bad criteria, static evaluate, unknown ids', async () => {
    const bad = await t.request('POST', '/crm/lists', {
      key,
      body: {
        name: 'Bad',
        isDynamic: true,
        filterCriteria: { conditions: [{ field: 'nope', operator: 'eq', value: 1 }] },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({ position: 'filter.conditions[0]', received: 'nope' });
    expect((await t.request('POST', '/crm/lists', { key, body: { name: 'No filter', isDynamic: true } })).status).toBe(
      400,
    );
    expect(
      (await t.request('POST', '/crm/lists', { key, body: { isDynamic: false } })).body.error.details,
    ).toMatchObject({ field: 'name' });
    const lists = await t.request('GET', '/crm/lists?entityType=CONTACT', { key });
    expect(lists.body.data.map((l: { name: string }) => l.name)).toEqual(['Newsletter', 'Customers']);
    expect((await t.request('POST', `/crm/lists/${lists.body.data[0].id}/evaluate`, { key })).status).toBe(400);
    expect((await t.request('GET', '/crm/lists/abc', { key })).body.error.code).toBe('INVALID_ID');
    expect((await t.request('GET', '/crm/lists/99999', { key })).status).toBe(404);
    expect((await t.request('DELETE', `/crm/lists/${lists.body.data[0].id}`, { key })).status).toBe(204);
    expect((await t.request('GET', '/crm/lists', { key })).body.data).toHaveLength(1);
  });
});

describe('CRM dashboard queries over GraphQL', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [crmModule()] });
    key = await t.key('crm-dash');
    const other = await t.key('crm-dash-other');
    for (const [k, body] of [
      [key, { email: 'a@d.example', lifecycleStage: 'LEAD' }],
      [key, { email: 'b@d.example', lifecycleStage: 'LEAD' }],
      [key, { email: 'c@d.example' }],
      [other, { email: 'x@d.example', lifecycleStage: 'LEAD' }],
    ] as const) {
      expect((await t.request('POST', '/crm/contacts', { key: k, body })).status).toBe(202);
    }
    await eventually(async () => (await t.request('GET', '/crm/contacts', { key })).body.meta.total === 3);
    await t.request('POST', '/crm/lists', {
      key,
      body: { name: 'Leads', isDynamic: true, filterCriteria: 'lifecycleStage = LEAD' },
    });
  });
  afterAll(() => t.stop());

  it('should count contacts by lifecycle stage, new contacts per day and list sizes', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.graphql(
      key,
      `{
      crmContactsByLifecycleStage { lifecycleStage count }
      crmNewContactsPerDay(fromDate: "${today}", toDate: "${today}") { date count }
      crmListSizes { name isDynamic memberCount }
    }`,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.crmContactsByLifecycleStage).toEqual([
      { lifecycleStage: 'LEAD', count: 2 },
      { lifecycleStage: null, count: 1 },
    ]);
    expect(res.body.data.crmNewContactsPerDay).toEqual([{ date: today, count: 3 }]);
    await eventually(
      async () =>
        (await t.graphql(key, '{ crmListSizes { memberCount } }')).body.data.crmListSizes[0].memberCount === 2,
    );
    const week = await t.graphql(key, '{ crmNewContactsPerDay { date count } }');
    expect(week.body.data.crmNewContactsPerDay).toHaveLength(30);
    const bad = await t.graphql(key, '{ crmNewContactsPerDay(fromDate: "2020-01-01", toDate: "2026-01-01") { date } }');
    expect(bad.body.errors[0].extensions.code).toBe('INVALID_REQUEST');
  });
});
