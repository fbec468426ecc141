import { crmModule } from '../../../subgraphs/crm/index.js';
import { forkForTenant } from '../../../platform/orm/tenancy.js';
import { acquireSlot } from '../../../subgraphs/crm/integrations/rate-slot.js';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver.js';

describe('CRM outbound integrations', () => {
  let t: TestPlatform;
  let key: string;
  let receiver: Receiver;
  let nextId = 1;

  beforeAll(async () => {
    receiver = await startReceiver(() => ({
      status: 201,
      body: JSON.stringify({ id: `ext-${nextId++}` }),
      headers: { 'content-type': 'application/json' },
    }));
    t = await startTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { modules: [crmModule()] });
    key = await t.key('crm-integrations');
  });
  afterAll(async () => {
    await t.stop();
    await receiver.close();
  });

  it('should push contact changes and activities to the provider over HTTP, skip unchanged records by syncHash, and show the sync status', async () => {
    const connected = await t.request('POST', '/crm/integrations', {
      key,
      body: { name: 'Sales CRM', provider: 'salesforce', baseUrl: receiver.url, accessToken: 'sf-token-123456' },
    });
    expect(connected.status).toBe(201);
    expect(connected.body.data).toEqual({
      id: expect.any(String),
      name: 'Sales CRM',
      provider: 'salesforce',
      baseUrl: receiver.url,
      lastError: null,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(connected.body)).not.toContain('sf-token');

    const created = await t.request('POST', '/crm/contacts', {
      key,
      body: { email: 'sync@example.com', givenName: 'Sync', familyName: 'Me' },
    });
    const ext = created.body.data.externalId;
    await receiver.waitFor((rs) => rs.length >= 1);
    const base = new URL(receiver.url).pathname.replace(/\/$/, '');
    expect(receiver.requests[0]!.path).toBe(`${base}/services/data/v59.0/sobjects/Contact`);
    expect(receiver.requests[0]!.headers.authorization).toBe('Bearer sf-token-123456');
    expect(receiver.requests[0]!.json).toEqual({
      Email: 'sync@example.com',
      FirstName: 'Sync',
      LastName: 'Me',
      Phone: null,
      LeadSource: null,
    });
    const status = await eventually(async () => {
      const r = await t.request('GET', `/crm/contacts/${ext}/sync-status`, { key });
      return r.body.data.integrations[0]?.syncHash ? r.body.data : null;
    });
    expect(status.integrations).toEqual([
      {
        integrationId: connected.body.data.id,
        integrationName: 'Sales CRM',
        provider: 'salesforce',
        externalId: 'ext-1',
        lastSyncedAt: expect.any(String),
        syncHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);

    // A change the provider does not receive (a custom property) hashes the same: no request. A real change is an update.
    await t.request('PATCH', `/crm/contacts/${ext}`, { key, body: { name: 'Sync Me' } });
    await t.request('PATCH', `/crm/contacts/${ext}`, { key, body: { phone: '+1 555 0123' } });
    await receiver.waitFor((rs) => rs.length >= 2);
    await t.request('POST', `/crm/contacts/${ext}/activities`, { key, body: { type: 'CALL', content: 'Follow-up' } });
    await receiver.waitFor((rs) => rs.length >= 3);
    expect(receiver.requests.map((r) => r.path.slice(base.length))).toEqual([
      '/services/data/v59.0/sobjects/Contact',
      '/services/data/v59.0/sobjects/Contact/ext-1?_HttpMethod=PATCH',
      '/services/data/v59.0/sobjects/Task',
    ]);
    expect(receiver.requests[1]!.json.Phone).toBe('+1 555 0123');
    expect(receiver.requests[2]!.json).toMatchObject({ Subject: 'CALL', Description: 'Follow-up', WhoId: 'ext-1' });
    const hashAfter = (await t.request('GET', `/crm/contacts/${ext}/sync-status`, { key })).body.data.integrations[0]
      .syncHash;
    expect(hashAfter).not.toBe(status.integrations[0].syncHash);

    expect((await t.request('GET', '/crm/integrations', { key })).body.data).toHaveLength(1);
    expect(
      (
        await t.request('POST', '/crm/integrations', {
          key,
          body: { name: 'x', provider: 'zoho', baseUrl: receiver.url, accessToken: '12345678' },
        })
      ).body.error.details,
    ).toMatchObject({ field: 'provider', expected: ['hubspot', 'salesforce'] });
    expect((await t.request('DELETE', `/crm/integrations/${connected.body.data.id}`, { key })).status).toBe(204);
  });

  it('should keep each provider within its window: 8 per second, 80 per 10 seconds, across callers (injected clock)', async () => {
    const org = (await t.platform.apiKeys.authenticate(key))!.organizationId;
    const em = forkForTenant(t.platform.orm.em, org);
    const rows = await em.execute<{ id: number }[]>(
      `insert into crm.integrations (organization_id, name, provider, base_url, access_token_sealed, created_at) values (?, 'w', 'salesforce', 'http://x', 'x', now()) returning id`,
      [org],
    );
    const id = rows[0]!.id;
    const t0 = new Date('2030-01-01T00:00:00.000Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    for (let i = 0; i < 8; i++) expect(await acquireSlot(em, id, 8, 1000, at(i * 10))).toEqual({ ok: true });
    expect(await acquireSlot(em, id, 8, 1000, at(100))).toEqual({ ok: false, retryAt: at(1001) });
    expect(await acquireSlot(em, id, 8, 1000, at(999))).toMatchObject({ ok: false });
    expect(await acquireSlot(em, id, 8, 1000, at(1001))).toEqual({ ok: true });
    const hub = (
      await em.execute<{ id: number }[]>(
        `insert into crm.integrations (organization_id, name, provider, base_url, access_token_sealed, created_at) values (?, 'h', 'hubspot', 'http://x', 'x', now()) returning id`,
        [org],
      )
    )[0]!.id;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => acquireSlot(em.fork(), hub, 80, 10_000, at(i))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(80);
    expect(await acquireSlot(em, hub, 80, 10_000, at(9_999))).toMatchObject({ ok: false });
  });
});
