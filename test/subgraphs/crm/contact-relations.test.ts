import { crmModule } from '../../../subgraphs/crm/index.js';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

describe('CRM contact relations: companies, activities, tags, summary, merge', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;

  const contact = async (body: Record<string, unknown>, k = key) => {
    const res = await t.request('POST', '/crm/contacts', { key: k, body });
    expect(res.status).toBe(202);
    return eventually(async () => {
      const r = await t.request('GET', `/crm/contacts/${res.body.data.externalId}`, { key: k });
      return r.status === 200 ? r.body.data : null;
    });
  };
  const company = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/crm/companies', { key, body });
    expect(res.status).toBe(202);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [crmModule()] });
    key = await t.key('crm-rel');
    other = await t.key('crm-rel-other');
  });
  afterAll(() => t.stop());

  it('should manage companies: 202 with Location, 409 COMPANY_DOMAIN_EXISTS, get by id or cmp_, upsert, patch, delete, search', async () => {
    const res = await t.request('POST', '/crm/companies', {
      key,
      body: { name: 'Acme', domain: 'Acme.example', industry: 'Tools', size: '51-200' },
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^\d+$/),
      externalId: expect.stringMatching(/^cmp_/),
      name: 'Acme',
      domain: 'acme.example',
      status: 'ACTIVE',
      pending: false,
    });
    expect(res.headers.get('location')).toBe(`/crm/companies/${res.body.data.externalId}`);
    expect(res.headers.get('x-correlation-id')).toBeTruthy();
    const dup = await t.request('POST', '/crm/companies', { key, body: { name: 'Acme 2', domain: 'acme.example' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('COMPANY_DOMAIN_EXISTS');
    expect(
      (
        await t.request('POST', '/crm/companies', {
          key: other,
          body: { name: 'Acme elsewhere', domain: 'acme.example' },
        })
      ).status,
    ).toBe(202);
    expect((await t.request('GET', `/crm/companies/${res.body.data.externalId}`, { key })).body.data).toMatchObject({
      id: res.body.data.id,
      industry: 'Tools',
    });
    expect((await t.request('GET', `/crm/companies/${res.body.data.id}`, { key: other })).status).toBe(404);
    expect((await t.request('GET', '/crm/companies/acme.example', { key })).body.error.code).toBe('INVALID_ID');
    const put = await t.request('PUT', '/crm/companies/cmp_01jdputcompany000000000000', {
      key,
      body: { name: 'Globex', domain: 'globex.example' },
    });
    expect(put.status).toBe(202);
    expect(
      (await t.request('PUT', '/crm/companies/cmp_01jdputcompany000000000000', { key, body: { industry: 'Energy' } }))
        .status,
    ).toBe(202);
    expect((await t.request('GET', '/crm/companies/cmp_01jdputcompany000000000000', { key })).body.data).toMatchObject({
      name: 'Globex',
      industry: 'Energy',
    });
    expect(
      (await t.request('PATCH', `/crm/companies/${res.body.data.id}`, { key, body: { plan: 'pro' } })).body.data
        .pending,
    ).toBe(false);
    expect(
      (await t.request('GET', '/crm/companies?industry=Tools', { key })).body.data.map((c: { plan: string }) => c.plan),
    ).toEqual(['pro']);
    expect(
      (await t.request('GET', '/crm/companies/search?q=glo', { key })).body.data.map((c: { name: string }) => c.name),
    ).toEqual(['Globex']);
    const filtered = await t.request('POST', '/crm/companies/filter', {
      key,
      body: {
        filter: { conditions: [{ field: 'domain', operator: 'ends_with', value: '.example' }] },
        sortBy: 'name',
        sortOrder: 'asc',
      },
    });
    expect(filtered.body.data.map((c: { name: string }) => c.name)).toEqual(['Acme', 'Globex']);
    expect((await t.request('DELETE', '/crm/companies/cmp_01jdputcompany000000000000', { key })).body.data.status).toBe(
      'DELETED',
    );
    expect((await t.request('GET', '/crm/companies', { key })).body.meta.total).toBe(1);
  });

  it('should link contacts to companies with role and primary flag (ALREADY_ASSOCIATED), both ways', async () => {
    const ada = await contact({ email: 'ada@rel.example', name: 'Ada' });
    const acme = await company({ name: 'Initech', domain: 'initech.example' });
    const hooli = await company({ name: 'Hooli', domain: 'hooli.example' });
    const linked = await t.request('POST', `/crm/contacts/${ada.id}/companies`, {
      key,
      body: { companyId: acme.id, role: 'CTO', isPrimary: true },
    });
    expect(linked.status).toBe(201);
    expect(linked.body.data).toEqual([
      {
        companyId: acme.id,
        externalId: acme.externalId,
        name: 'Initech',
        domain: 'initech.example',
        role: 'CTO',
        isPrimary: true,
      },
    ]);
    const again = await t.request('POST', `/crm/contacts/${ada.id}/companies`, {
      key,
      body: { companyId: acme.externalId },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_ASSOCIATED');
    // A new primary company takes the flag over.
    const second = await t.request('POST', `/crm/contacts/ada@rel.example/companies`, {
      key,
      body: { companyId: hooli.id, role: 'Advisor', isPrimary: true },
    });
    expect(second.body.data.map((l: { name: string; isPrimary: boolean }) => [l.name, l.isPrimary])).toEqual([
      ['Hooli', true],
      ['Initech', false],
    ]);
    expect((await t.request('GET', `/crm/companies/${acme.id}/contacts`, { key })).body.data).toEqual([
      {
        contactId: ada.id,
        externalId: ada.externalId,
        email: 'ada@rel.example',
        name: 'Ada',
        role: 'CTO',
        isPrimary: false,
      },
    ]);
    const removed = await t.request('DELETE', `/crm/contacts/${ada.id}/companies/${hooli.id}`, { key });
    expect(removed.body.data.map((l: { name: string }) => l.name)).toEqual(['Initech']);
    expect((await t.request('DELETE', `/crm/contacts/${ada.id}/companies/${hooli.id}`, { key })).status).toBe(404);
  });

  it('should log activities asynchronously (202), list them with filters, also on the legacy paths', async () => {
    const bob = await contact({ email: 'bob@rel.example', name: 'Bob' });
    const logged = await t.request('POST', `/crm/contacts/${bob.externalId}/activities`, {
      key,
      body: { type: 'CALL', content: 'Intro call', properties: { minutes: 30 } },
    });
    expect(logged.status).toBe(202);
    expect(logged.body.data).toEqual({
      id: null,
      externalId: expect.stringMatching(/^act_/),
      contactExternalId: bob.externalId,
      type: 'CALL',
      pending: true,
    });
    expect(
      (
        await t.request('POST', `/crm/activities/contacts/${bob.id}`, {
          key,
          body: { type: 'NOTE', content: 'Legacy path' },
        })
      ).status,
    ).toBe(202);
    expect(
      (await t.request('POST', `/crm/contacts/${bob.id}/activities`, { key, body: { type: 'PAGE_VIEW' } })).body.error
        .details,
    ).toMatchObject({ field: 'type', expected: ['NOTE', 'CALL', 'MEETING', 'EMAIL', 'TASK'] });
    const list = await eventually(async () => {
      const r = await t.request('GET', `/crm/contacts/${bob.id}/activities`, { key });
      return r.body.meta.total === 2 ? r : null;
    });
    expect(list.body.data.map((a: { type: string }) => a.type).sort()).toEqual(['CALL', 'NOTE']);
    expect(list.body.data.find((a: { type: string }) => a.type === 'CALL')).toEqual({
      id: expect.stringMatching(/^\d+$/),
      externalId: logged.body.data.externalId,
      contactId: bob.id,
      type: 'CALL',
      module: 'CRM',
      content: 'Intro call',
      properties: { minutes: 30 },
      createdAt: expect.any(String),
    });
    const legacy = await t.request('GET', `/crm/activities/contacts/${bob.id}?type=NOTE`, { key });
    expect(legacy.body.data.map((a: { content: string }) => a.content)).toEqual(['Legacy path']);
    expect((await t.request('GET', `/crm/contacts/${bob.id}/activities?limit=101`, { key })).status).toBe(400);
    expect(
      (await t.request('GET', `/crm/contacts/${bob.id}/activities?module=CRM&from=2000-01-01`, { key })).body.meta
        .total,
    ).toBe(2);
    const full = await t.request('GET', `/crm/contacts/${bob.id}`, { key });
    expect(full.body.data).toMatchObject({
      activityCount: 2,
      companies: [],
      tags: [],
      lastActivityAt: expect.any(String),
    });
  });

  it('should answer the summary and the sync status', async () => {
    const cy = await contact({ email: 'cy@rel.example', name: 'Cy', lifecycleStage: 'LEAD' });
    const co = await company({ name: 'Umbrella', domain: 'umbrella.example' });
    await t.request('POST', `/crm/contacts/${cy.id}/companies`, { key, body: { companyId: co.id, role: 'Buyer' } });
    const tag = await t.request('POST', '/crm/tags', { key, body: { key: 'hot-lead', name: 'Hot lead' } });
    await t.request('POST', `/crm/contacts/${cy.id}/tags`, { key, body: { tagId: tag.body.data.id } });
    const summary = await t.request('GET', `/crm/contacts/${cy.externalId}/summary`, { key });
    expect(summary.body.data).toEqual({
      id: cy.id,
      name: 'Cy',
      email: 'cy@rel.example',
      status: 'ACTIVE',
      lifecycleStage: 'LEAD',
      companies: [{ name: 'Umbrella', domain: 'umbrella.example', role: 'Buyer' }],
      tags: ['hot-lead'],
      activityCount: 0,
      lastActivityAt: null,
    });
    const sync = await t.request('GET', `/crm/contacts/${cy.id}/sync-status`, { key });
    expect(sync.body.data).toEqual({ contactId: cy.id, externalId: cy.externalId, integrations: [] });
    expect((await t.request('GET', `/crm/contacts/${cy.id}/summary`, { key: other })).status).toBe(404);
  });

  it('should merge: the winner keeps companies, tags and activities; the loser ends MERGED; self-merge is INVALID_REQUEST', async () => {
    const winner = await contact({ email: 'win@rel.example', name: 'Winner' });
    const loser = await contact({
      email: 'lose@rel.example',
      name: 'Loser',
      phone: '+1 555 0199',
      lifecycleStage: 'CUSTOMER',
    });
    const co = await company({ name: 'Stark', domain: 'stark.example' });
    await t.request('POST', `/crm/contacts/${loser.id}/companies`, { key, body: { companyId: co.id, role: 'CEO' } });
    const tag = await t.request('POST', '/crm/tags', { key, body: { key: 'merged-tag' } });
    await t.request('POST', `/crm/contacts/${loser.id}/tags`, { key, body: { tagId: tag.body.data.id } });
    await t.request('POST', `/crm/contacts/${loser.id}/activities`, {
      key,
      body: { type: 'MEETING', content: 'Kickoff' },
    });
    await eventually(
      async () => (await t.request('GET', `/crm/contacts/${loser.id}`, { key })).body.data.activityCount === 1,
    );

    const self = await t.request('POST', `/crm/contacts/${winner.id}/merge`, {
      key,
      body: { loserId: winner.externalId },
    });
    expect(self.status).toBe(400);
    expect(self.body.error.code).toBe('INVALID_REQUEST');
    const merged = await t.request('POST', `/crm/contacts/${winner.id}/merge`, { key, body: { loserId: loser.id } });
    expect(merged.status).toBe(202);
    expect(merged.body.data).toEqual({
      id: winner.id,
      externalId: winner.externalId,
      email: 'win@rel.example',
      status: 'ACTIVE',
      pending: true,
    });
    // Wait on a field of the contact row itself: a read that starts before the merge commits can still count the
    // moved activity (its field resolvers query later), so activityCount alone does not prove the row merged.
    const after = await eventually(async () => {
      const r = await t.request('GET', `/crm/contacts/${winner.id}`, { key });
      return r.body.data.phone !== null ? r.body.data : null;
    });
    expect(after).toMatchObject({
      name: 'Winner',
      phone: '+1 555 0199',
      lifecycleStage: 'CUSTOMER',
      companies: [{ name: 'Stark', role: 'CEO' }],
      tags: [{ key: 'merged-tag' }],
    });
    const gone = await t.request('GET', `/crm/contacts/${loser.id}`, { key });
    expect(gone.body.data).toMatchObject({
      status: 'MERGED',
      mergedIntoId: winner.id,
      companies: [],
      tags: [],
      activityCount: 0,
    });
    // The loser's email is free again; merging a merged contact is a 404.
    await eventually(
      async () =>
        (await t.request('POST', '/crm/contacts', { key, body: { email: 'lose@rel.example' } })).status === 202,
    );
    expect(
      (await t.request('POST', `/crm/contacts/${winner.id}/merge`, { key, body: { loserId: loser.id } })).status,
    ).toBe(404);
    expect((await t.request('POST', `/crm/contacts/${winner.id}/merge`, { key, body: {} })).status).toBe(400);
  });

  it('should refuse links and tags on a deleted contact (404), changing nothing', async () => {
    const gone = await contact({ email: 'gone@rel.example', name: 'Gone' });
    const co = await company({ name: 'Wayne', domain: 'wayne.example' });
    const tag = (await t.request('POST', '/crm/tags', { key, body: { key: 'gone-tag' } })).body.data;
    expect((await t.request('DELETE', `/crm/contacts/${gone.id}`, { key })).status).toBeLessThan(300);
    await eventually(
      async () => (await t.request('GET', `/crm/contacts/${gone.id}`, { key })).body.data?.status === 'DELETED',
    );
    const link = await t.request('POST', `/crm/contacts/${gone.id}/companies`, { key, body: { companyId: co.id } });
    expect([link.status, link.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const tagged = await t.request('POST', `/crm/contacts/${gone.id}/tags`, { key, body: { tagId: tag.id } });
    expect([tagged.status, tagged.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect((await t.request('GET', `/crm/contacts/${gone.id}`, { key })).body.data).toMatchObject({
      companies: [],
      tags: [],
    });
  });

  it('should search contacts by name, email and phone', async () => {
    await contact({ email: 'dora@search.example', name: 'Dora Explorer', phone: '+44 20 7946 0000' });
    const byName = await t.request('GET', '/crm/contacts/search?q=explo', { key });
    expect(byName.body.data.map((c: { email: string }) => c.email)).toEqual(['dora@search.example']);
    expect((await t.request('GET', '/crm/contacts/search?q=7946', { key })).body.data).toHaveLength(1);
    expect((await t.request('GET', '/crm/contacts/search?q=dora@', { key: other })).body.data).toEqual([]);
    expect((await t.request('GET', '/crm/contacts/search', { key })).status).toBe(400);
    const list = await t.request('GET', '/crm/contacts?search=dora&sortBy=email&sortOrder=asc&isIdentified=true', {
      key,
    });
    expect(list.body.meta.total).toBe(1);
    expect((await t.request('GET', '/crm/contacts?sortBy=shoe', { key })).body.error.details).toMatchObject({
      field: 'sortBy',
      expected: ['createdAt', 'lastActivityAt', 'email', 'name'],
    });
  });
});
