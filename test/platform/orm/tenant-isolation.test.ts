import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { bookingBody, hostWithEventType } from '../../subgraphs/calendar/helpers/calendar-fixtures.js';

/**
 * Tenancy by construction, end to end: organization A creates data in every module through the REST API, then
 * organization B runs each module's raw-SQL paths (lists, searches, stats, dashboards, aggregates, the event sink)
 * and must see nothing of A. A positive control per module shows the same path does see A's own data.
 */
describe('raw SQL of every module stays inside its organization', () => {
  let t: TestPlatform;
  let a: string;
  let b: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    a = await t.key('iso-a');
    b = await t.key('iso-b');
  });
  afterAll(() => t.stop());

  const gql = async (key: string, query: string) => {
    const res = await t.graphql(key, query);
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
    return res.body.data;
  };

  it('email: stats, status counts and the webhook event sink', async () => {
    const hook = await t.request('POST', '/webhooks', {
      key: a,
      body: { url: 'https://example.com/iso-hook', events: ['email.sent', 'email.delivered'] },
    });
    expect(hook.status).toBe(201);
    const sentByA = await t.request('POST', '/emails', {
      key: a,
      body: { from: 'a@example.com', to: 'x@example.com', subject: 'A', html: '<p>A</p>' },
    });
    const sentByB = await t.request('POST', '/emails', {
      key: b,
      body: { from: 'b@example.com', to: 'y@example.com', subject: 'B', html: '<p>B</p>' },
    });
    expect([sentByA.status, sentByB.status]).toEqual([200, 200]);
    const today = new Date().toISOString().slice(0, 10);
    const stats = (key: string) =>
      gql(
        key,
        `{ emailStats(fromDate: "${today}", toDate: "${today}") { data { total } meta { total } } emailStatusCounts(fromDate: "${today}", toDate: "${today}") { count } }`,
      );
    expect((await stats(a)).emailStats.data).toEqual([{ total: 1 }]);
    expect((await stats(b)).emailStats.data).toEqual([{ total: 1 }]);
    // A's webhook gets deliveries of A's email only, however the dispatcher batched both organizations' events.
    const deliveries = await eventually(async () => {
      const res = await t.request('GET', `/webhooks/${hook.body.data.id}/deliveries`, { key: a });
      return res.body.data?.length > 0 ? res.body.data : null;
    });
    await eventually(async () => {
      const b1 = await t.request('GET', `/emails/messages/${sentByB.body.data.messageId}`, { key: b });
      return b1.body.data && b1.body.data.status !== 'QUEUED' ? b1 : null;
    });
    const all = (await t.request('GET', `/webhooks/${hook.body.data.id}/deliveries`, { key: a })).body.data as {
      payload: { data: { messageId: string } };
    }[];
    expect(deliveries.length).toBeGreaterThan(0);
    const idA = sentByA.body.data.messageId;
    expect(idA).toMatch(/^em_/);
    for (const d of all) expect(d.payload.data.messageId).toBe(idA);
    expect((await t.request('GET', '/webhooks', { key: b })).body.data).toEqual([]);
  });

  it('forms: slug choice, detail counts and analytics', async () => {
    const make = (key: string) =>
      t.request('POST', '/forms', { key, body: { title: 'Isolation Check', fields: [{ type: 'NPS', label: 'x' }] } });
    const a1 = await make(a);
    const a2 = await make(a);
    const b1 = await make(b);
    expect([a1.status, a2.status, b1.status]).toEqual([201, 201, 201]);
    // The free-slug search reads only the caller's forms.
    const slugOf = async (key: string, id: number) => (await t.request('GET', `/forms/${id}`, { key })).body.data.slug;
    expect([
      await slugOf(a, a1.body.data.id),
      await slugOf(a, a2.body.data.id),
      await slugOf(b, b1.body.data.id),
    ]).toEqual(['isolation-check', 'isolation-check-2', 'isolation-check']);
    expect((await t.request('GET', `/forms/${a1.body.data.id}`, { key: b })).status).toBe(404);
    const analytics = await t.graphql(b, `{ formAnalytics(formId: "${a1.body.data.id}") { summary { views } } }`);
    expect(analytics.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('crm: lists, search, CQL, dashboards', async () => {
    const created = await t.request('POST', '/crm/contacts', {
      key: a,
      body: { email: 'iso@example.com', name: 'Iso Lation', lifecycleStage: 'LEAD' },
    });
    expect(created.status).toBe(202);
    await eventually(async () =>
      (await t.request('GET', `/crm/contacts/${created.body.data.externalId}`, { key: a })).status === 200
        ? true
        : null,
    );
    const dashboards =
      '{ crmContactsByLifecycleStage { lifecycleStage count } crmListSizes { listId } searchContacts(q: "iso") { id } }';
    expect((await gql(a, dashboards)).crmContactsByLifecycleStage).toEqual([{ lifecycleStage: 'LEAD', count: 1 }]);
    expect(await gql(b, dashboards)).toEqual({ crmContactsByLifecycleStage: [], crmListSizes: [], searchContacts: [] });
    const listB = await t.request('GET', '/crm/contacts', { key: b });
    expect(listB.body.data).toEqual([]);
    const filteredB = await t.request('GET', '/crm/contacts?search=iso', { key: b });
    expect(filteredB.body.data).toEqual([]);
    expect((await t.request('GET', `/crm/contacts/${created.body.data.externalId}`, { key: b })).status).toBe(404);
    // The same email is free in B: claims are per organization.
    const again = await t.request('POST', '/crm/contacts', { key: b, body: { email: 'iso@example.com' } });
    expect(again.status).toBe(202);
  });

  it('calendar: busy times, stats', async () => {
    const eventType = await hostWithEventType(t, a, 'user_iso_host');
    const booked = await t.request('POST', '/calendar/bookings', {
      key: a,
      body: bookingBody(eventType, '2030-01-08T09:00:00Z'),
    });
    expect(booked.status).toBe(201);
    const range = 'fromDate: "2030-01-01", toDate: "2030-01-31"';
    const q = `{ calendarBookingsPerDay(${range}) { total } calendarCancellationRate(${range}) { total } calendarBusiestSlots(${range}) { count } }`;
    expect((await gql(a, q)).calendarCancellationRate).toEqual({ total: 1 });
    expect(await gql(b, q)).toEqual({
      calendarBookingsPerDay: [],
      calendarCancellationRate: { total: 0 },
      calendarBusiestSlots: [],
    });
    // B's host of the same id is free at the time A's host is booked (busy times read one organization).
    const other = await hostWithEventType(t, b, 'user_iso_host');
    expect(
      (await t.request('POST', '/calendar/bookings', { key: b, body: bookingBody(other, '2030-01-08T09:00:00Z') }))
        .status,
    ).toBe(201);
  });

  it('auth: sign-in dashboards', async () => {
    const user = await t.request('POST', '/auth/users', {
      key: a,
      body: { email: 'iso@example.com', password: 'correct horse battery staple 1', emailVerified: true },
    });
    expect(user.status).toBe(201);
    await t.request('POST', '/auth/sign-in', {
      key: a,
      body: { email: 'iso@example.com', password: 'wrong password here', ip: '203.0.113.7', userAgent: 'x' },
    });
    const q = '{ authSignInFailures { reason count } authMfaAdoption { users } }';
    expect((await gql(a, q)).authMfaAdoption).toEqual({ users: 1 });
    expect(await gql(b, q)).toEqual({ authSignInFailures: [], authMfaAdoption: { users: 0 } });
  });

  it('ai gateway: keys through the ApiKeys port, usage dashboards', async () => {
    const created = await t.request('POST', '/ai/v1/keys', { key: a, body: { name: 'iso' } });
    expect(created.status).toBe(201);
    const keysOf = async (key: string) =>
      (await gql(key, '{ aiGatewayKeys { data { id } } }')).aiGatewayKeys.data as { id: string }[];
    const id = created.body.data?.id ?? created.body.id;
    expect((await keysOf(a)).map((k) => k.id)).toContain(id);
    expect(await keysOf(b)).toEqual([]);
    const revoke = await t.request('DELETE', `/ai/v1/keys/${id}`, { key: b });
    expect(revoke.status).toBe(404);
    expect((await gql(b, '{ aiUsageSummary { requests } }')).aiUsageSummary).toEqual({ requests: 0 });
  });
});
