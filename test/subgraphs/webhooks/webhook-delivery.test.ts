import { verify } from '@octokit/webhooks-methods';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';

describe('webhook delivery through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    key = await t.key('acme');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.stop();
  });

  const sendEmail = (subject: string) =>
    t.request('POST', '/emails', {
      key,
      body: { from: 'a@example.com', to: 'b@example.com', subject, html: '<p>x</p>' },
    });

  it('should POST {id, type, timestamp, data} signed so that third-party verifiers accept it', async () => {
    const created = await t.request('POST', '/webhooks', {
      key,
      body: { url: receiver.url, events: ['email.delivered'], active: true },
    });
    expect(created.status).toBe(201);
    const secret: string = created.body.data.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const sent = await sendEmail('Signed');
    const messageId = sent.body.data.messageId;
    const [request] = (await receiver.waitFor((rs) => rs.some((r) => r.json?.data?.messageId === messageId))).filter(
      (r) => r.json?.data?.messageId === messageId,
    );

    // Exactly these four fields, and email.delivered's data fields.
    expect(Object.keys(request!.json)).toEqual(['id', 'type', 'timestamp', 'data']);
    expect(request!.json).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'email.delivered',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      data: { messageId, to: ['b@example.com'], subject: 'Signed', deliveredAt: expect.any(String) },
    });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await verify(secret, request!.body, request!.headers['x-service-signature'] as string)).toBe(true);
    expect(await verify('whsec_another', request!.body, request!.headers['x-service-signature'] as string)).toBe(false);
    expect(
      await verify(
        secret,
        request!.body.replace('Signed', 'Forged'),
        request!.headers['x-service-signature'] as string,
      ),
    ).toBe(false);

    // Standard Webhooks: webhook-id is the event id; the library checks the signature and the timestamp window.
    expect(request!.headers['webhook-id']).toBe(request!.json.id);
    const standard = new StandardWebhook(secret).verify(request!.body, {
      'webhook-id': request!.headers['webhook-id'] as string,
      'webhook-timestamp': request!.headers['webhook-timestamp'] as string,
      'webhook-signature': request!.headers['webhook-signature'] as string,
    });
    expect(standard).toEqual(request!.json);
    expect(() =>
      new StandardWebhook(secret).verify(request!.body, {
        'webhook-id': 'evt_other',
        'webhook-timestamp': request!.headers['webhook-timestamp'] as string,
        'webhook-signature': request!.headers['webhook-signature'] as string,
      }),
    ).toThrow();

    const log = await eventually(async () => {
      const res = await t.request('GET', `/webhooks/${created.body.data.id}/deliveries`, { key });
      return res.body.data?.[0]?.status === 'SUCCESS' ? res : null;
    });
    expect(log.body.meta).toEqual({ count: 1, offset: 0, total: 1, hasMore: false });
    const delivery = log.body.data[0];
    expect(delivery).toMatchObject({
      eventId: request!.json.id,
      eventType: 'email.delivered',
      status: 'SUCCESS',
      responseCode: 200,
      error: null,
      attemptCount: 1,
    });
    expect(delivery.payload).toEqual(request!.json);
    expect(delivery.attempts).toEqual([
      expect.objectContaining({
        number: 1,
        manual: false,
        success: true,
        responseCode: 200,
        responseBody: 'ok',
        error: null,
        durationMs: expect.any(Number),
      }),
    ]);
  });

  it('should sign with a caller-supplied secret and never show a secret again', async () => {
    const secret = 'my-own-signing-secret-123';
    const created = await t.request('POST', '/webhooks', {
      key,
      body: { url: receiver.url + '/own', events: ['email.sent'], active: true, secret },
    });
    expect(created.body.data.secret).toBe(secret);
    const got = await t.request('GET', `/webhooks/${created.body.data.id}`, { key });
    expect(got.status).toBe(200);
    expect(got.body.data).not.toHaveProperty('secret');
    const listed = await t.request('GET', '/webhooks', { key });
    expect(listed.body.data.every((w: Record<string, unknown>) => !('secret' in w))).toBe(true);

    const sent = await sendEmail('Own secret');
    const requests = await receiver.waitFor((rs) =>
      rs.some((r) => r.path === '/hooks/own' && r.json?.data?.messageId === sent.body.data.messageId),
    );
    const request = requests.find((r) => r.path === '/hooks/own')!;
    expect(request.json.type).toBe('email.sent');
    expect(await verify(secret, request.body, request.headers['x-service-signature'] as string)).toBe(true);
    // A secret without the whsec_ prefix keys the Standard Webhooks signature with its raw bytes.
    const headers = {
      'webhook-id': request.headers['webhook-id'] as string,
      'webhook-timestamp': request.headers['webhook-timestamp'] as string,
      'webhook-signature': request.headers['webhook-signature'] as string,
    };
    expect(new StandardWebhook(secret, { format: 'raw' }).verify(request.body, headers)).toEqual(request.json);
  });

  it('should send a webhook.test event to that webhook only, once', async () => {
    const created = await t.request('POST', '/webhooks', {
      key,
      body: { url: receiver.url + '/test', events: ['sms.delivered'], active: true },
    });
    const res = await t.request('POST', `/webhooks/${created.body.data.id}/test`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      webhookId: created.body.data.id,
      eventType: 'webhook.test',
      status: 'PENDING',
    });
    const requests = await receiver.waitFor((rs) => rs.some((r) => r.json?.id === res.body.data.eventId));
    const request = requests.find((r) => r.json?.id === res.body.data.eventId)!;
    expect(request.path).toBe('/hooks/test');
    expect(request.json).toEqual({
      id: res.body.data.eventId,
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { webhookId: created.body.data.id, message: 'This is a test event.' },
    });
    expect(await verify(created.body.data.secret, request.body, request.headers['x-service-signature'] as string)).toBe(
      true,
    );
    const done = await eventually(async () => {
      const log = await t.request('GET', `/webhooks/${created.body.data.id}/deliveries`, { key });
      return log.body.data[0]?.status === 'SUCCESS' ? log.body.data[0] : null;
    });
    expect(done.attempts).toHaveLength(1);
    expect(receiver.requests.filter((r) => r.json?.id === res.body.data.eventId)).toHaveLength(1);
  });

  it('should retry a delivery by hand and record the new attempt', async () => {
    const created = await t.request('POST', '/webhooks', {
      key,
      body: { url: receiver.url + '/flaky', events: ['email.delivered'], active: true },
    });
    receiver.respond((r) => (r.path === '/hooks/flaky' ? { status: 503, body: 'down for maintenance' } : 200));
    const sent = await sendEmail('Flaky');
    const failed = await eventually(async () => {
      const log = await t.request('GET', `/webhooks/${created.body.data.id}/deliveries?status=PENDING`, { key });
      return log.body.data[0]?.attemptCount === 1 ? log.body.data[0] : null;
    });
    expect(failed).toMatchObject({ status: 'PENDING', responseCode: 503, error: 'HTTP 503', attemptCount: 1 });
    expect(failed.attempts[0]).toMatchObject({
      success: false,
      responseCode: 503,
      responseBody: 'down for maintenance',
    });
    expect(new Date(failed.nextAttemptAt).getTime() - new Date(failed.attemptedAt).getTime()).toBe(60_000);

    receiver.respond(() => 200);
    const retried = await t.request('POST', `/webhooks/deliveries/${failed.id}/retry`, { key });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ id: failed.id, status: 'PENDING' });
    const succeeded = await eventually(async () => {
      const log = await t.request('GET', `/webhooks/${created.body.data.id}/deliveries`, { key });
      return log.body.data[0]?.status === 'SUCCESS' ? log.body.data[0] : null;
    });
    expect(
      succeeded.attempts.map((a: { manual: boolean; success: boolean; number: number }) => [
        a.number,
        a.manual,
        a.success,
      ]),
    ).toEqual([
      [1, false, false],
      [2, true, true],
    ]);
    expect(succeeded.responseCode).toBe(200);
    expect(succeeded.nextAttemptAt).toBeNull();
    const forThisEvent = receiver.requests.filter(
      (r) => r.path === '/hooks/flaky' && r.json?.data?.messageId === sent.body.data.messageId,
    );
    expect(forThisEvent).toHaveLength(2);
    expect(forThisEvent[0]!.json.id).toBe(forThisEvent[1]!.json.id); // same event id on every attempt

    const missing = await t.request('POST', '/webhooks/deliveries/whd_nothing/retry', { key });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, error: expect.objectContaining({ code: 'NOT_FOUND' }) });
  });

  it('should make a first attempt the lane never made through the durable fallback job, once', async () => {
    const created = await t.request('POST', '/webhooks', {
      key,
      body: { url: receiver.url + '/fallback', events: ['form.partial'], active: true },
    });
    const organizationId = (await t.platform.apiKeys.authenticate(key))!.organizationId;
    // What a crash leaves behind: a delivery committed with its fallback job, and no process left to attempt it.
    const deliveryId = 'whd_0000000000fallbackfallbackx';
    const em = t.platform.orm.em.fork();
    await em.transactional(async (tx) => {
      await tx.execute(
        `insert into webhooks.deliveries (id, organization_id, namespace, webhook_id, event_id, event_type, event_timestamp, data, status, attempt_count, next_attempt_at, created_at, updated_at)
         values (?, ?, 'platform', ?, 'evt_fallback', 'form.partial', now(), '{"formId":1}'::jsonb, 'PENDING', 0, now(), now(), now())`,
        [deliveryId, organizationId, created.body.data.id],
      );
      await t.platform.jobs.enqueue(tx as never, 'webhooks.first-attempts', {
        organizationId,
        deliveryIds: [deliveryId],
      });
    });
    await receiver.waitFor((rs) => rs.some((r) => r.json?.id === 'evt_fallback'));
    const recorded = await eventually(async () => {
      const log = await t.request('GET', `/webhooks/${created.body.data.id}/deliveries`, { key });
      return log.body.data[0]?.status === 'SUCCESS' ? log.body.data[0] : null;
    });
    expect(recorded).toMatchObject({ id: deliveryId, attemptCount: 1, responseCode: 200 });

    // Run again (a second crash, a lock timeout): the attempt is recorded, so nothing is sent.
    await em.transactional((tx) =>
      t.platform.jobs.enqueue(tx as never, 'webhooks.first-attempts', { organizationId, deliveryIds: [deliveryId] }),
    );
    await eventually(
      async () =>
        Number(
          (
            await t.platform.orm.em
              .getConnection()
              .execute(
                "select count(*) from agenda_jobs where name = 'webhooks.first-attempts' and data::text like ?",
                [`%${deliveryId}%`],
              )
          )[0].count,
        ) === 0,
    );
    expect(receiver.requests.filter((r) => r.json?.id === 'evt_fallback')).toHaveLength(1);
    const again = await t.request('GET', `/webhooks/${created.body.data.id}/deliveries`, { key });
    expect(again.body.data[0].attempts).toHaveLength(1);
  });

  it('should refuse a filter that names no resource, an unknown field or an overlong id with INVALID_REQUEST and its details', async () => {
    const create = (filter: unknown) =>
      t.graphql(
        key,
        'mutation($input: CreateWebhookInput!, $filter: WebhookFilterInput) { createWebhook(input: $input, namespace: "forms", filter: $filter) { id } }',
        {
          input: { url: receiver.url + '/form-bad', events: ['form.submitted'] },
          filter,
        },
      );
    const errorOf = (res: { body: { errors?: { extensions: Record<string, unknown> }[] } }) =>
      res.body.errors?.[0]?.extensions;
    expect(errorOf(await create({}))).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'filter', received: {}, expected: 'one of the filter fields' },
    });
    expect(errorOf(await create({ color: 'red' }))).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'color', received: 'color' },
    });
    expect(errorOf(await create({ formId: 'x'.repeat(201) }))).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'formId', received: 'x'.repeat(201), expected: 'a resource id of 1 to 200 characters' },
    });
  });

  it('should narrow a module’s per-resource webhook to the events of that resource', async () => {
    const created = await t.graphql(
      key,
      'mutation($input: CreateWebhookInput!, $filter: WebhookFilterInput) { createWebhook(input: $input, namespace: "forms", filter: $filter) { id } }',
      {
        input: { url: receiver.url + '/form-7', events: ['form.submitted'] },
        filter: { formId: '7' },
      },
    );
    expect(created.body.data.createWebhook.id).toMatch(/^wh_/);
    const organizationId = (await t.platform.apiKeys.authenticate(key))!.organizationId;
    const connection = t.platform.orm.em.getConnection();
    for (const [id, formId] of [
      ['evt_form_8', 8],
      ['evt_form_7', 7],
    ] as const) {
      await connection.execute(
        "insert into platform.events (id, organization_id, type, data, created_at) values (?, ?, 'form.submitted', ?::jsonb, now())",
        [id, organizationId, JSON.stringify({ formId, submissionId: id, fields: {} })],
      );
    }
    await connection.execute("select pg_notify('platform_events', '')");
    await receiver.waitFor((rs) => rs.some((r) => r.path === '/hooks/form-7'));
    await t.platform.dispatcher!.drain();
    const deliveries = await t.graphql(
      key,
      `{ webhookDeliveries(webhookId: "${created.body.data.createWebhook.id}", namespace: "forms") { data { eventId } } }`,
    );
    expect(deliveries.body.data.webhookDeliveries.data).toEqual([{ eventId: 'evt_form_7' }]); // decided at dispatch
    expect(receiver.requests.filter((r) => r.path === '/hooks/form-7').map((r) => r.json.id)).toEqual(['evt_form_7']);
  });

  it('should page through many deliveries with a cursor, newest first, without gaps or repeats', async () => {
    const created = await t.request('POST', '/webhooks', {
      key,
      body: { url: receiver.url + '/many', events: ['form.submitted'], active: true },
    });
    const organizationId = (await t.platform.apiKeys.authenticate(key))!.organizationId;
    // Raise 45 events straight into the outbox, as a module's transaction would.
    const connection = t.platform.orm.em.getConnection();
    for (let i = 0; i < 45; i++) {
      await connection.execute(
        "insert into platform.events (id, organization_id, type, data, created_at) values (?, ?, 'form.submitted', ?::jsonb, now())",
        [
          `evt_page_${String(i).padStart(3, '0')}`,
          organizationId,
          JSON.stringify({ formId: 1, submissionId: `s${i}`, fields: { n: i } }),
        ],
      );
    }
    await connection.execute("select pg_notify('platform_events', 'x')");
    await receiver.waitFor((rs) => rs.filter((r) => r.path === '/hooks/many').length >= 45);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string =
        `/webhooks/deliveries?limit=10&webhookId=${created.body.data.id}` +
        (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');
      const page = await t.request('GET', query, { key });
      expect(page.status).toBe(200);
      expect(page.body.success).toBe(true);
      expect(Object.keys(page.body.meta).sort()).toEqual(['cursor', 'hasMore']);
      seen.push(...page.body.data.map((d: { id: string }) => d.id));
      cursor = page.body.meta.cursor;
      expect(page.body.meta.hasMore).toBe(cursor !== null);
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect([...seen].sort().reverse()).toEqual(seen); // newest first

    const bad = await t.request('GET', '/webhooks/deliveries?cursor=not-a-cursor', { key });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({ field: 'cursor' });
  });
});
