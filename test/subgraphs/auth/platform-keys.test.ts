import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

const CREATE =
  'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { key apiKey { id name type scopes prefix revokedAt } } }';
const LIST =
  'query($page: Int, $limit: Int) { apiKeys(page: $page, limit: $limit) { total data { id name type scopes prefix revokedAt } } }';
const REVOKE = 'mutation($id: ID!) { revokeApiKey(id: $id) }';

describe('an organization’s platform keys over GraphQL', () => {
  let t: TestPlatform;
  let admin: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    admin = await t.key('keys-org');
  });
  afterAll(() => t.stop());

  const code = (res: { body: any }) => res.body.errors?.[0]?.extensions?.code;

  it('should show the organization and its plan, create a key shown once and stored hashed, and list it without its secret', async () => {
    expect(
      (
        await t.request('POST', '/emails', {
          key: admin,
          body: { from: 'a@example.com', to: 'b@example.com', subject: 'Counted', html: '<p>x</p>' },
        })
      ).status,
    ).toBeLessThan(300);
    const org = await t.graphql(admin, '{ organization { slug name plan quotas { resource used limit period } } }');
    const period = new Date().toISOString().slice(0, 7);
    expect(org.body.data.organization).toEqual({
      slug: 'keys-org',
      name: 'keys-org',
      plan: 'STARTER',
      quotas: [
        { resource: 'emails', used: 1, limit: 10_000, period },
        { resource: 'sms', used: 0, limit: 1_000, period },
        { resource: 'formSubmissions', used: 0, limit: 1_000, period },
      ],
    });

    const created = await t.graphql(admin, CREATE, { input: { scopes: ['email', 'crm'], name: 'Billing service' } });
    const { key, apiKey } = created.body.data.createApiKey;
    expect(key).toMatch(/^sk_srv_[A-Za-z0-9_-]{32}$/);
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: 'Billing service',
      type: 'SERVER',
      scopes: ['email', 'crm'],
      prefix: key.slice(0, 12),
      revokedAt: null,
    });
    const stored = await t.platform.orm.em
      .getConnection()
      .execute('select hash from platform.api_keys where id = ?', [apiKey.id]);
    expect(stored[0].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].hash).not.toContain(key.slice(7));

    // The new key works, within its scopes only.
    expect((await t.request('GET', '/emails/messages', { key })).status).toBe(200);
    expect((await t.request('GET', '/domains', { key })).status).toBe(403);

    const listed = await t.graphql(admin, LIST, { limit: 100 });
    expect(listed.body.data.apiKeys.data).toContainEqual(apiKey);
    expect(JSON.stringify(listed.body)).not.toContain(key);
  });

  it('should refuse a key scopes its creator does not hold, and a key without the auth scope', async () => {
    const narrow = await t.key('keys-org', 'SERVER', ['auth', 'email']);
    const wider = await t.graphql(narrow, CREATE, { input: { scopes: ['email', 'crm'] } });
    expect(code(wider)).toBe('FORBIDDEN');
    expect(wider.body.errors[0].message).toMatch(/crm/);
    expect(code(await t.graphql(narrow, CREATE, { input: { scopes: ['*'] } }))).toBe('FORBIDDEN');
    const within = await t.graphql(narrow, CREATE, { input: { scopes: ['email'] } });
    expect(within.body.data.createApiKey.apiKey.scopes).toEqual(['email']);

    const noAuth = await t.key('keys-org', 'SERVER', ['email']);
    expect(code(await t.graphql(noAuth, CREATE, { input: { scopes: ['email'] } }))).toBe('FORBIDDEN');
    expect(code(await t.graphql(noAuth, LIST))).toBe('FORBIDDEN');
    const sending = await t.key('keys-org', 'SENDING');
    expect(code(await t.graphql(sending, CREATE, { input: { scopes: ['email'] } }))).toBe('FORBIDDEN');
  });

  it.each([
    [{ scopes: [] }, 'VALIDATION_ERROR'],
    [{ scopes: ['root'] }, 'VALIDATION_ERROR'],
    [{ scopes: ['email'], name: 'x'.repeat(101) }, 'VALIDATION_ERROR'],
  ])('should refuse %j with a 4xx', async (input, expected) => {
    expect(code(await t.graphql(admin, CREATE, { input }))).toBe(expected);
  });

  it('should revoke a key so that it stops working, and keep other organizations’ keys out of reach', async () => {
    const { key, apiKey } = (await t.graphql(admin, CREATE, { input: { scopes: ['email'] } })).body.data.createApiKey;
    expect((await t.request('GET', '/emails/messages', { key })).status).toBe(200);

    const other = await t.key('keys-other-org');
    expect(code(await t.graphql(other, REVOKE, { id: apiKey.id }))).toBe('NOT_FOUND');
    expect(code(await t.graphql(admin, REVOKE, { id: 'not-a-uuid' }))).toBe('NOT_FOUND');
    expect(
      (await t.graphql(other, LIST, { limit: 100 })).body.data.apiKeys.data.map((k: { id: string }) => k.id),
    ).not.toContain(apiKey.id);

    expect((await t.graphql(admin, REVOKE, { id: apiKey.id })).body.data.revokeApiKey).toBe(true);
    // The lookup above is cached for 10 s; the revocation's NOTIFY drops it well before that.
    await eventually(async () => (await t.request('GET', '/emails/messages', { key })).status === 401, 5_000, 50);
    const listed = (await t.graphql(admin, LIST, { limit: 100 })).body.data.apiKeys.data.find(
      (k: { id: string }) => k.id === apiKey.id,
    );
    expect(listed.revokedAt).toEqual(expect.any(String));
  }, 30_000);

  it('should page the list on the server', async () => {
    const all = (await t.graphql(admin, LIST, { limit: 100 })).body.data.apiKeys;
    const second = (await t.graphql(admin, LIST, { page: 2, limit: 1 })).body.data.apiKeys;
    expect(second.total).toBe(all.total);
    expect(second.data).toEqual([all.data[1]]);
    expect(code(await t.graphql(admin, LIST, { limit: 500 }))).toBe('VALIDATION_ERROR');
  });
});
