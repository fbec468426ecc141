import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver.js';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const POOL_US = '+12025550143';
const US = '+14155550123';
const VERIFY = { templateAlias: 'verification-code', templateModel: { appName: 'Acme', code: '123456', minutes: 10 } };
const smsError = (code: string, statusCode: number) => ({ error: { code, message: expect.any(String), statusCode } });

describe('SMS templates, suppressions, inbound and webhooks through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let n = 0;

  beforeAll(async () => {
    t = await startTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  });
  afterAll(() => t.stop());
  // A fresh organization per test: isolated data and rate-limit windows.
  beforeEach(async () => {
    key = await t.key(`sms-res-${n++}`);
  });

  const req = (method: string, path: string, body?: unknown, k = key) => t.request(method, path, { key: k, body });

  describe('templates', () => {
    it('should list the seeded pool with per-organization approval, then custom templates', async () => {
      await req('POST', '/sms/templates', { alias: 'welcome', name: 'Welcome', body: 'Welcome {{name}}!' });
      const res = await req('GET', '/sms/templates');
      expect(res.status).toBe(200);
      expect(res.body.totalCount).toBe(7);
      expect(res.body.messages[0]).toEqual({
        templateId: 1,
        id: null,
        alias: 'verification-code',
        name: 'Verification code',
        body: expect.stringContaining('{{code}}'),
        type: 'POOL',
        approved: true,
        variables: ['appName', 'code', 'minutes'],
      });
      expect(res.body.messages.find((m: { alias: string }) => m.alias === 'promotion').approved).toBe(false);
      expect(res.body.messages[6]).toMatchObject({
        templateId: null,
        id: expect.stringMatching(/^smstpl_/),
        alias: 'welcome',
        type: 'CUSTOM',
        approved: true,
        variables: ['name'],
      });
      const page = await req('GET', '/sms/templates?count=2&offset=5');
      expect(page.body.messages.map((m: { alias: string }) => m.alias)).toEqual(['promotion', 'welcome']);
    });

    it('should create, read, update, send with and delete a custom template by alias', async () => {
      const created = await req('POST', '/sms/templates', {
        alias: 'pickup',
        name: 'Pickup',
        body: 'Order {{id}} is ready',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ alias: 'pickup', body: 'Order {{id}} is ready', type: 'CUSTOM' });
      expect(
        (await req('PATCH', '/sms/templates/pickup', { body: 'Order {{id}} is ready at {{store}}' })).body.body,
      ).toBe('Order {{id}} is ready at {{store}}');
      expect((await req('GET', '/sms/templates/pickup')).body.variables).toEqual(['id', 'store']);

      const sent = await req('POST', '/sms', {
        to: US,
        templateAlias: 'pickup',
        templateModel: { id: 'A1', store: 'Main St' },
      });
      expect(sent.body.errorCode).toBe(0);
      expect((await req('GET', `/sms/${sent.body.messageId}`)).body.body).toBe('Order A1 is ready at Main St');

      expect((await req('DELETE', '/sms/templates/pickup')).body).toBe(true);
      expect(await req('GET', '/sms/templates/pickup')).toMatchObject({
        status: 404,
        body: smsError('TEMPLATE_NOT_FOUND', 404),
      });
      expect((await req('POST', '/sms', { to: US, templateAlias: 'pickup' })).body.errorCode).toBe(1002);
    });

    it('should send with a template using Liquid filters and a condition, as plain text', async () => {
      const body =
        '{% if vip %}VIP: {% endif %}Hi {{ name | capitalize }}, order {{ id | upcase }} {{ note | default: "is ready" }}';
      expect((await req('POST', '/sms/templates', { alias: 'liquid', name: 'Liquid', body })).status).toBe(201);
      expect((await req('GET', '/sms/templates/liquid')).body.variables).toEqual(['vip', 'name', 'id', 'note']);
      for (const [model, text] of [
        [{ vip: true, name: 'ann & <co>', id: 'a1' }, 'VIP: Hi Ann & <co>, order A1 is ready'],
        [{ vip: false, name: 'bo', id: 'b2', note: 'shipped' }, 'Hi Bo, order B2 shipped'],
      ] as const) {
        const sent = await req('POST', '/sms', { to: US, templateAlias: 'liquid', templateModel: model });
        expect(sent.body.errorCode).toBe(0);
        expect((await req('GET', `/sms/${sent.body.messageId}`)).body.body).toBe(text);
      }
    });

    it('should keep rendering a template in the old syntax', async () => {
      expect(
        (
          await req('POST', '/sms/templates', {
            alias: 'old',
            name: 'Old',
            body: 'Use \\{{code}} to get {{ code }} in {{user.city}}',
          })
        ).status,
      ).toBe(201);
      const sent = await req('POST', '/sms', {
        to: US,
        templateAlias: 'old',
        templateModel: { code: 42, user: { city: 'Zürich' } },
      });
      expect((await req('GET', `/sms/${sent.body.messageId}`)).body.body).toBe('Use {{code}} to get 42 in Zürich');
      const object = await req('POST', '/sms', {
        to: US,
        templateAlias: 'old',
        templateModel: { code: 1, user: { city: { name: 'x' } } },
      });
      expect(object).toMatchObject({ status: 400, body: smsError('INVALID_REQUEST', 400) });
      expect(object.body.error.message).toContain('templateModel.user.city');
    });

    it('should refuse a body Liquid cannot parse with 400 naming the field and the position, storing nothing', async () => {
      const created = await req('POST', '/sms/templates', {
        alias: 'broken',
        name: 'Broken',
        body: 'Hi {{ name }}\n{% if vip %}VIP',
      });
      expect(created).toMatchObject({ status: 400, body: smsError('INVALID_REQUEST', 400) });
      expect(created.body.error.message).toMatch(/^body is not a valid Liquid template \(line 2, column 1\): /);
      expect((await req('GET', '/sms/templates/broken')).status).toBe(404);

      await req('POST', '/sms/templates', { alias: 'fine', name: 'Fine', body: 'Hi {{ name }}' });
      const patched = await req('PATCH', '/sms/templates/fine', { body: 'Hi {{#each names}}' });
      expect(patched).toMatchObject({ status: 400, body: smsError('INVALID_REQUEST', 400) });
      expect(patched.body.error.message).toContain('line 1, column 6');
      expect((await req('GET', '/sms/templates/fine')).body.body).toBe('Hi {{ name }}');
    });

    it('should refuse a send with a stored template that no longer parses with a 400 naming it, never a 500', async () => {
      await req('POST', '/sms/templates', { alias: 'stale', name: 'Stale', body: 'Hi {{ name }}' });
      // A body stored before bodies were checked: Mustache's sections are not Liquid.
      await t.platform.orm.em
        .fork()
        .getConnection()
        .execute(`update sms.templates set body = 'Hi {{#name}}x{{/name}}' where alias = 'stale'`);
      const res = await req('POST', '/sms', { to: US, templateAlias: 'stale', templateModel: { name: 'A' } });
      expect(res).toMatchObject({ status: 400, body: smsError('INVALID_REQUEST', 400) });
      expect(res.body.error.message).toMatch(
        /^SMS template stale cannot be rendered: body is not a valid Liquid template \(line 1, column 6\)/,
      );
    });

    it('should answer 409 for a duplicate or pool alias, 400 for a bad alias, 404 TEMPLATE_NOT_FOUND for an unknown one', async () => {
      await req('POST', '/sms/templates', { alias: 'dup', name: 'A', body: 'x' });
      expect(await req('POST', '/sms/templates', { alias: 'dup', name: 'B', body: 'y' })).toMatchObject({
        status: 409,
        body: smsError('CONFLICT', 409),
      });
      expect((await req('POST', '/sms/templates', { alias: 'promotion', name: 'B', body: 'y' })).status).toBe(409);
      expect(await req('POST', '/sms/templates', { alias: 'Bad Alias', name: 'B', body: 'y' })).toMatchObject({
        status: 400,
        body: smsError('INVALID_REQUEST', 400),
      });
      expect(await req('PATCH', '/sms/templates/ghost', { body: 'y' })).toMatchObject({
        status: 404,
        body: smsError('TEMPLATE_NOT_FOUND', 404),
      });
      expect((await req('DELETE', '/sms/templates/promotion')).status).toBe(403);
    });

    it('should keep custom templates per organization', async () => {
      await req('POST', '/sms/templates', { alias: 'mine', name: 'Mine', body: 'x' });
      const other = await t.key(`sms-res-other-${n}`);
      expect((await req('GET', '/sms/templates/mine', undefined, other)).status).toBe(404);
      expect((await req('POST', '/sms', { to: US, templateAlias: 'mine' }, other)).body.errorCode).toBe(1002);
    });
  });

  describe('suppressions', () => {
    it('should add (MANUAL by default, idempotent), check, list and remove a number', async () => {
      const added = await req('POST', '/sms/suppressions', { phoneNumber: US });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({ phoneNumber: US, reason: 'MANUAL', createdAt: ISO });
      expect((await req('POST', '/sms/suppressions', { phoneNumber: US, reason: 'OPT_OUT' })).body).toEqual(added.body);

      expect((await req('GET', `/sms/suppressions/${encodeURIComponent(US)}`)).body).toEqual({
        phoneNumber: US,
        suppressed: true,
        reason: 'MANUAL',
      });
      expect((await req('GET', '/sms/suppressions')).body).toEqual({ totalCount: 1, messages: [added.body] });
      expect((await req('GET', '/sms/suppressions?reason=OPT_OUT')).body.totalCount).toBe(0);

      expect((await req('DELETE', `/sms/suppressions/${encodeURIComponent(US)}`)).body).toBe(true);
      expect((await req('GET', `/sms/suppressions/${US}`)).body).toEqual({
        phoneNumber: US,
        suppressed: false,
        reason: null,
      });
      expect((await req('DELETE', `/sms/suppressions/${US}`)).status).toBe(404);
    });

    it.each([
      ['a missing number', { reason: 'MANUAL' }],
      ['a number that is not E.164', { phoneNumber: '555-0100' }],
      ['an unknown reason', { phoneNumber: US, reason: 'BORED' }],
    ])('should refuse %s with 400', async (_why, body) => {
      expect(await req('POST', '/sms/suppressions', body)).toMatchObject({
        status: 400,
        body: smsError('INVALID_REQUEST', 400),
      });
    });
  });

  describe('inbound messages and opt-out keywords', () => {
    it('should record an injected inbound message and list it with its filters', async () => {
      const res = await req('POST', '/sms/sandbox/inbound', { from: US, to: POOL_US, body: 'Hello there' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        messageId: expect.stringMatching(/^sms_inb_[0-9a-z]{26}$/),
        providerMessageId: expect.stringMatching(/^SM/),
        from: US,
        to: POOL_US,
        body: 'Hello there',
        receivedAt: ISO,
      });
      await req('POST', '/sms/sandbox/inbound', { from: '+447700900777', to: '+447700900123', body: 'Hi' });

      expect((await req('GET', '/sms/inbound')).body.totalCount).toBe(2);
      expect((await req('GET', `/sms/inbound?fromNumber=${encodeURIComponent(US)}`)).body).toEqual({
        totalCount: 1,
        messages: [res.body],
      });
      expect(
        (await req('GET', `/sms/inbound?toNumber=${encodeURIComponent('+447700900123')}`)).body.messages[0].from,
      ).toBe('+447700900777');
      expect((await req('GET', '/sms/inbound?fromDate=2999-01-01')).body.totalCount).toBe(0);
      expect((await req('GET', '/sms/messages?direction=INBOUND')).body.totalCount).toBe(2);
      const detail = (await req('GET', `/sms/${res.body.messageId}`)).body;
      expect(detail).toMatchObject({ direction: 'INBOUND', status: 'RECEIVED', country: 'US', segments: 1 });
    });

    it('should refuse an inbound message to a number outside the pool or from a bad number', async () => {
      expect((await req('POST', '/sms/sandbox/inbound', { from: US, to: '+14155550000', body: 'x' })).status).toBe(400);
      expect((await req('POST', '/sms/sandbox/inbound', { from: 'abc', to: POOL_US, body: 'x' })).status).toBe(400);
    });

    it('should suppress the sender on STOP (any case, one word), block sends, and lift it on START', async () => {
      await req('POST', '/sms/sandbox/inbound', { from: US, to: POOL_US, body: 'stop please' });
      expect((await req('GET', `/sms/suppressions/${US}`)).body.suppressed).toBe(false);

      await req('POST', '/sms/sandbox/inbound', { from: US, to: POOL_US, body: ' Stop ' });
      expect((await req('GET', `/sms/suppressions/${US}`)).body).toEqual({
        phoneNumber: US,
        suppressed: true,
        reason: 'OPT_OUT',
      });
      const blocked = await req('POST', '/sms', { to: US, ...VERIFY });
      expect(blocked.body.errorCode).toBe(1006);
      expect((await req('GET', `/sms/${blocked.body.messageId}`)).body.status).toBe('BLOCKED');

      await req('POST', '/sms/sandbox/inbound', { from: US, to: POOL_US, body: 'START' });
      expect((await req('GET', `/sms/suppressions/${US}`)).body.suppressed).toBe(false);
      expect((await req('POST', '/sms', { to: US, ...VERIFY })).body.errorCode).toBe(0);
    });
  });

  describe('SMS webhooks (namespace sms on the shared engine)', () => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());

    it('should refuse events of other modules and deliver sms.sent, sms.delivered, sms.inbound and sms.opted_out', async () => {
      expect((await req('POST', '/sms/webhooks', { url: receiver.url, events: ['email.sent'] })).status).toBe(400);
      const created = await req('POST', '/sms/webhooks', {
        url: receiver.url,
        events: ['sms.sent', 'sms.delivered', 'sms.failed', 'sms.inbound', 'sms.opted_out'],
      });
      expect(created.status).toBe(201);
      const webhookId = created.body.id;
      expect((await req('GET', '/sms/webhooks')).body.totalCount).toBe(1);

      const sent = await req('POST', '/sms', { to: US, ...VERIFY });
      await req('POST', '/sms/sandbox/inbound', { from: '+14155550777', to: POOL_US, body: 'QUIT' });
      const all = await receiver.waitFor((rs) =>
        ['sms.sent', 'sms.delivered', 'sms.inbound', 'sms.opted_out'].every((type) =>
          rs.some((r) => r.json?.type === type),
        ),
      );
      const of = (type: string) => all.find((r) => r.json.type === type)!.json;
      expect(of('sms.delivered')).toEqual({
        id: expect.any(String),
        type: 'sms.delivered',
        timestamp: ISO,
        data: { messageId: sent.body.messageId, to: US, deliveredAt: ISO },
      });
      expect(of('sms.sent').data).toMatchObject({ messageId: sent.body.messageId, to: US, sentAt: ISO });
      expect(of('sms.inbound').data).toMatchObject({
        from: '+14155550777',
        to: POOL_US,
        body: 'QUIT',
        receivedAt: ISO,
      });
      expect(of('sms.opted_out').data).toMatchObject({ phoneNumber: '+14155550777', keyword: 'QUIT', optedOutAt: ISO });

      expect((await req('DELETE', `/sms/webhooks/${webhookId}`)).status).toBe(200);
      expect((await req('GET', '/sms/webhooks')).body.totalCount).toBe(0);
    });

    it('should deliver sms.failed for the sandbox failure number', async () => {
      await req('POST', '/sms/webhooks', { url: receiver.url, events: ['sms.failed'] });
      const sent = await req('POST', '/sms', { to: '+15005550001', ...VERIFY });
      const got = await receiver.waitFor((rs) =>
        rs.some((r) => r.json?.type === 'sms.failed' && r.json.data.messageId === sent.body.messageId),
      );
      expect(got.find((r) => r.json.data.messageId === sent.body.messageId)!.json.data).toEqual({
        messageId: sent.body.messageId,
        to: '+15005550001',
        status: 'FAILED',
        errorCode: 30006,
        errorMessage: expect.any(String),
        failedAt: ISO,
      });
    });
  });

  describe('GraphQL', () => {
    it('should answer typed queries and the per-day, per-country dashboard of this organization only', async () => {
      const other = await t.key(`sms-res-gql-other-${n}`);
      await req('POST', '/sms/batch', [
        { to: US, ...VERIFY },
        { to: '+447700900999', templateAlias: 'appointment-reminder', templateModel: { name: 'é'.repeat(200) } },
        { to: '+15005550001', ...VERIFY },
      ]);
      await req('POST', '/sms/suppressions', { phoneNumber: '+14155550999' });
      await req('POST', '/sms', { to: '+14155550999', ...VERIFY });
      await req('POST', '/sms', { to: US, ...VERIFY }, other);
      await eventually(
        async () =>
          (await req('GET', '/sms/messages?status=DELIVERED')).body.totalCount === 2 &&
          (await req('GET', '/sms/messages?status=FAILED')).body.totalCount === 1,
      );

      const typed = await t.graphql(
        key,
        '{ smsMessages(direction: "OUTBOUND", count: 10) { meta { total } data { id status segments country events { eventType } } } }',
      );
      expect(typed.body.errors).toBeUndefined();
      expect(typed.body.data.smsMessages.meta.total).toBe(4);

      const stats = await t.graphql(key, '{ smsDailyStats { date country sent delivered failed blocked segments } }');
      expect(stats.body.errors).toBeUndefined();
      const today = new Date().toISOString().slice(0, 10);
      expect(stats.body.data.smsDailyStats).toEqual([
        { date: today, country: 'GB', sent: 1, delivered: 1, failed: 0, blocked: 0, segments: 2 },
        { date: today, country: 'US', sent: 1, delivered: 1, failed: 1, blocked: 1, segments: 2 },
      ]);
      const bad = await t.graphql(key, '{ smsDailyStats(fromDate: "2020-01-01", toDate: "2026-01-01") { date } }');
      expect(bad.body.errors[0].extensions.code).toBe('INVALID_REQUEST');
    });
  });

  describe('quota', () => {
    it('should count accepted SMS against the monthly quota and refuse with 429 QUOTA_EXCEEDED when used up', async () => {
      const org = `sms-res-quota-${n}`;
      const k = await t.key(org);
      // Starter allows 1,000 a month: use 998 of them directly, as earlier sends would have.
      await t.platform.orm.em.getConnection().execute(
        `insert into platform.usage (organization_id, resource, period, used)
         select id, 'sms', to_char(now() at time zone 'utc', 'YYYY-MM'), 998 from platform.organizations where slug = ?`,
        [org],
      );
      const two = await req(
        'POST',
        '/sms/batch',
        [
          { to: US, ...VERIFY },
          { to: '+819012345678', ...VERIFY },
          { to: US, ...VERIFY },
        ],
        k,
      );
      expect(two.body.map((r: { errorCode: number }) => r.errorCode)).toEqual([0, 1004, 0]);
      const over = await req('POST', '/sms', { to: US, ...VERIFY }, k);
      expect(over.status).toBe(429);
      expect(over.body).toEqual(smsError('QUOTA_EXCEEDED', 429));
    });
  });
});
