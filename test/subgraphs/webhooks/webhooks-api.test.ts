import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { moduleCatalog } from '../../../gateway/module-manifests.js';

const events = moduleCatalog().events;

describe('/webhooks through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let otherOrgKey: string;

  beforeAll(async () => {
    t = await startTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    key = await t.key('hooks');
    otherOrgKey = await t.key('intruder');
  });
  afterAll(() => t.stop());

  const create = (body: unknown, k = key) => t.request('POST', '/webhooks', { key: k, body });

  it('should create, read, list, update and delete a webhook in the platform envelope', async () => {
    const created = await create({
      url: 'http://127.0.0.1:9/a',
      events: ['email.delivered', 'sms.delivered'],
      active: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(/^wh_/),
        url: 'http://127.0.0.1:9/a',
        events: ['email.delivered', 'sms.delivered'],
        active: true,
        failed: false,
        failedAt: null,
        description: null,
        secret: expect.stringMatching(/^whsec_/),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const id = created.body.data.id;

    const got = await t.request('GET', `/webhooks/${id}`, { key });
    expect(got.body.data).toMatchObject({ id, url: 'http://127.0.0.1:9/a', active: true });

    const patched = await t.request('PATCH', `/webhooks/${id}`, {
      key,
      body: { events: ['form.submitted'], active: false, url: 'http://127.0.0.1:9/b' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      id,
      events: ['form.submitted'],
      active: false,
      url: 'http://127.0.0.1:9/b',
    });

    await create({ url: 'http://127.0.0.1:9/c', events: ['email.sent'] });
    const listed = await t.request('GET', '/webhooks?count=1', { key });
    expect(listed.body.meta).toEqual({ count: 1, offset: 0, total: 2, hasMore: true });
    expect(listed.body.data[0].url).toBe('http://127.0.0.1:9/c'); // newest first

    const deleted = await t.request('DELETE', `/webhooks/${id}`, { key });
    expect(deleted.body).toEqual({ success: true, data: { id, deleted: true } });
    expect((await t.request('GET', `/webhooks/${id}`, { key })).status).toBe(404);
  });

  it('should default active to true and generate the secret', async () => {
    const created = await create({ url: 'http://127.0.0.1:9/d', events: ['email.sent'] });
    expect(created.body.data.active).toBe(true);
    expect(Buffer.from(created.body.data.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
  });

  it('should refuse unknown event types with the allowed values in details.expected', async () => {
    const res = await create({ url: 'http://127.0.0.1:9/e', events: ['email.delivered', 'email.teleported'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: {
        code: 'INVALID_REQUEST',
        message: expect.stringContaining('email.teleported'),
        details: {
          field: 'events',
          received: ['email.teleported'],
          expected: [...events.namespace('platform')!.events],
        },
      },
    });
    expect(res.body.error.details.expected).toEqual(
      expect.arrayContaining([
        'email.delivered',
        'sms.delivered',
        'form.submitted',
        'booking.created',
        'domain.registered',
      ]),
    );
    const patch = await t.request(
      'PATCH',
      `/webhooks/${(await create({ url: 'http://127.0.0.1:9/f', events: ['email.sent'] })).body.data.id}`,
      { key, body: { events: ['nope'] } },
    );
    expect(patch.status).toBe(400);
    expect(patch.body.error.details.field).toBe('events');
  });

  it('should refuse bad bodies with details', async () => {
    expect((await create({ events: ['email.sent'] })).body.error.details).toMatchObject({ field: 'url' });
    expect((await create({ url: 'ftp://example.com/x', events: ['email.sent'] })).body.error.details).toMatchObject({
      field: 'url',
      received: 'ftp://example.com/x',
    });
    expect((await create({ url: 'http://127.0.0.1:9/', events: [] })).body.error.details).toMatchObject({
      field: 'events',
    });
    expect(
      (await create({ url: 'http://127.0.0.1:9/', events: ['email.sent'], secret: 'short' })).body.error.details,
    ).toMatchObject({ field: 'secret' });
    const unknownField = await create({ url: 'http://127.0.0.1:9/', events: ['email.sent'], colour: 'red' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.code).toBe('INVALID_REQUEST');
    const notObject = await t.request('POST', '/webhooks', { key, body: ['x'] });
    expect(notObject.status).toBe(400);
    const badStatus = await t.request('GET', '/webhooks/deliveries?status=LOST', { key });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error.details).toMatchObject({ field: 'status', expected: ['PENDING', 'SUCCESS', 'FAILED'] });
  });

  it('should keep each organization to its own webhooks and deliveries', async () => {
    const mine = await create({ url: 'http://127.0.0.1:9/mine', events: ['email.sent'] });
    const id = mine.body.data.id;
    expect((await t.request('GET', `/webhooks/${id}`, { key: otherOrgKey })).status).toBe(404);
    expect((await t.request('PATCH', `/webhooks/${id}`, { key: otherOrgKey, body: { active: false } })).status).toBe(
      404,
    );
    expect((await t.request('DELETE', `/webhooks/${id}`, { key: otherOrgKey })).status).toBe(404);
    expect((await t.request('POST', `/webhooks/${id}/test`, { key: otherOrgKey })).status).toBe(404);
    expect((await t.request('GET', `/webhooks/${id}/deliveries`, { key: otherOrgKey })).status).toBe(404);
    const theirs = await t.request('GET', '/webhooks', { key: otherOrgKey });
    expect(theirs.body.data).toEqual([]);
    const test = await t.request('POST', `/webhooks/${id}/test`, { key });
    const retry = await t.request('POST', `/webhooks/deliveries/${test.body.data.id}/retry`, { key: otherOrgKey });
    expect(retry.status).toBe(404);
    const log = await t.request('GET', '/webhooks/deliveries', { key: otherOrgKey });
    expect(log.body).toEqual({ success: true, data: [], meta: { cursor: null, hasMore: false } });
  });

  it('should need a key with the webhooks scope', async () => {
    expect((await t.request('GET', '/webhooks')).status).toBe(401);
    const emailOnly = await t.key('hooks', 'SERVER', ['email']);
    const res = await t.request('GET', '/webhooks', { key: emailOnly });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    const sending = await t.key('hooks', 'SENDING');
    expect(
      (
        await t.request('POST', '/webhooks', {
          key: sending,
          body: { url: 'http://127.0.0.1:9/', events: ['email.sent'] },
        })
      ).status,
    ).toBe(403);
    const scoped = await t.key('hooks', 'SERVER', ['webhooks']);
    expect((await t.request('GET', '/webhooks', { key: scoped })).status).toBe(200);
  });

  it('should serve the same engine over GraphQL, with a module namespace limited to its events and scope', async () => {
    const created = await t.graphql(
      key,
      'mutation($input: CreateWebhookInput!) { createWebhook(input: $input, namespace: "auth") { id events secret } }',
      {
        input: { url: 'http://127.0.0.1:9/auth', events: ['user.created'] },
      },
    );
    expect(created.body.data.createWebhook).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      events: ['user.created'],
    });
    const wrongModule = await t.graphql(
      key,
      'mutation($input: CreateWebhookInput!) { createWebhook(input: $input, namespace: "auth") { id } }',
      {
        input: { url: 'http://127.0.0.1:9/auth', events: ['email.sent'] },
      },
    );
    expect(wrongModule.body.errors[0].extensions).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'events', expected: [...events.namespace('auth')!.events] },
    });
    // The module's webhooks are not the platform's.
    const platformList = await t.request('GET', '/webhooks?count=500', { key });
    expect(platformList.body.data.map((w: { id: string }) => w.id)).not.toContain(created.body.data.createWebhook.id);
    const emailOnly = await t.key('hooks', 'SERVER', ['email']);
    const forbidden = await t.graphql(emailOnly, '{ webhooks(namespace: "auth") { meta { total } } }');
    expect(forbidden.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const authKey = await t.key('hooks', 'SERVER', ['auth']);
    const allowed = await t.graphql(authKey, '{ webhooks(namespace: "auth") { meta { total } } }');
    expect(allowed.body.data.webhooks.meta.total).toBe(1);
  });
});
