import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../sdk/src/openapi.generated.js';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { checkedFetch } from '../helpers/openapi-response-check.js';

/**
 * The document used as a user would use it: a client typed by openapi-typescript from schema/openapi.json
 * (sdk/src/openapi.generated.ts) and openapi-fetch, one thing created or read per module. tsc compiling this file is the proof
 * that the types fit the calls; `checkedFetch` checks each answer against the document too.
 */
describe('typed client (openapi-typescript + openapi-fetch)', () => {
  let t: TestPlatform;
  let api: Client<paths>;

  beforeAll(async () => {
    t = await startTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    const key = await t.key('typed-client');
    api = createClient<paths>({ baseUrl: t.url, headers: { authorization: `Bearer ${key}` }, fetch: checkedFetch });
  });
  afterAll(() => t.stop());

  it('email: creates a template and reads it back', async () => {
    const created = await api.POST('/emails/templates', {
      body: { name: 'Welcome', subject: 'Hi {{name}}', htmlBody: '<p>Hi</p>' },
    });
    expect(created.response.status).toBe(201);
    const id = created.data!.data.id;
    const read = await api.GET('/emails/templates/{id}', { params: { path: { id } } });
    expect(read.data?.data.name).toBe('Welcome');
  });

  it('sms: creates a template and reads it by alias', async () => {
    const created = await api.POST('/sms/templates', {
      body: { alias: 'pickup', name: 'Pickup', body: 'Order {{id}} is ready' },
    });
    expect(created.response.status).toBe(201);
    const read = await api.GET('/sms/templates/{alias}', { params: { path: { alias: 'pickup' } } });
    expect(read.data?.body).toBe('Order {{id}} is ready');
  });

  it('forms: creates a form and reads it back', async () => {
    const created = await api.POST('/forms', { body: { title: 'Contact us' } });
    expect(created.response.status).toBe(201);
    const read = await api.GET('/forms/{formId}', { params: { path: { formId: String(created.data!.data.id) } } });
    expect(read.data?.data.title).toBe('Contact us');
  });

  it('webhooks: creates an endpoint and reads it back', async () => {
    const created = await api.POST('/webhooks', { body: { url: 'http://127.0.0.1:9/hook', events: ['email.sent'] } });
    expect(created.response.status).toBe(201);
    const read = await api.GET('/webhooks/{webhookId}', { params: { path: { webhookId: created.data!.data.id } } });
    expect(read.data?.data.url).toBe('http://127.0.0.1:9/hook');
  });

  it('auth: creates a user and reads it back', async () => {
    const created = await api.POST('/auth/users', {
      body: { email: 'ada@typed.example', password: 'a long enough passphrase 42' },
    });
    expect(created.response.status).toBe(201);
    const read = await api.GET('/auth/users/{userId}', { params: { path: { userId: created.data!.data.id } } });
    expect(read.data?.data.email).toBe('ada@typed.example');
  });

  it('calendar: creates a schedule and reads it back', async () => {
    const created = await api.POST('/calendar/schedules', {
      body: { hostId: 'user_typed', name: 'Week', timezone: 'Europe/Berlin' },
    });
    expect(created.response.status).toBe(201);
    const read = await api.GET('/calendar/schedules/{id}', { params: { path: { id: created.data!.data.id } } });
    expect(read.data?.data.timezone).toBe('Europe/Berlin');
  });

  it('support: creates an inbox and reads it back', async () => {
    const created = await api.POST('/support/inboxes', { body: { name: 'Billing' } });
    expect(created.response.status).toBe(201);
    const read = await api.GET('/support/inboxes/{inboxId}', { params: { path: { inboxId: created.data!.data.id } } });
    expect(read.data?.data.name).toBe('Billing');
  });

  it('domains: lists the domains (none yet) and checks availability', async () => {
    const list = await api.GET('/domains');
    expect(list.response.status).toBe(200);
    expect(list.data?.data).toEqual([]);
  });

  it('crm: creates a tag and lists it', async () => {
    const created = await api.POST('/crm/tags', { body: { key: 'typed', name: 'Typed' } });
    expect(created.response.status).toBeLessThan(300);
    const list = await api.GET('/crm/tags');
    expect(list.data?.data.map((tag) => tag.key)).toContain('typed');
  });

  it('mailboxes: lists the mailboxes (none yet)', async () => {
    const list = await api.GET('/v1/agent-email/mailboxes');
    expect(list.response.status).toBe(200);
    expect(list.data?.data).toEqual([]);
  });

  it('ai-gateway: creates a gateway key and lists it', async () => {
    const created = await api.POST('/ai/v1/keys', { body: { name: 'typed' } });
    expect(created.response.status).toBe(201);
    expect(created.data?.key).toMatch(/^gw_sk_/);
    const list = await api.GET('/ai/v1/keys');
    expect(list.data?.data.map((k) => k.name)).toContain('typed');
  });

  it('answers errors in the typed error shape', async () => {
    const missing = await api.GET('/emails/templates/{id}', { params: { path: { id: 'tpl_missing' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe('NOT_FOUND');
  });
});
