import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startTestPlatform, eventually, type TestPlatform } from '../../../helpers/test-platform.js';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);

/** A relay that refuses every recipient whose local part starts with "bounce" (550) and accepts the rest. */
async function startRelay(): Promise<{ server: SMTPServer; url: string; accepted: string[] }> {
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce'))
        return callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
      accepted.push(address.address);
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return { server, url: `smtp://127.0.0.1:${port}`, accepted };
}

describe('GET /emails/bounces through the stack, with an SMTP relay that answers 550', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let t: TestPlatform;
  let key: string;
  let hardId: string;
  let softId: string;
  const softBouncedAt = '2026-01-15T08:30:00.000Z';

  const send = (to: string, subject: string, k = key) =>
    t.request('POST', '/emails', { key: k, body: { from: 'app@acme.example', to, subject, html: '<p>x</p>' } });
  const statusOf = async (id: string) => (await t.request('GET', `/emails/messages/${id}`, { key })).body.data.status;

  beforeAll(async () => {
    relay = await startRelay();
    t = await startTestPlatform({ SMTP_URL: relay.url });
    key = await t.key('bnc');

    const hard = await send('Bounce Me <bounce-me@example.com>', 'Hard one');
    const ok = await send('ok@example.com', 'Fine one');
    hardId = hard.body.data.messageId;
    await eventually(async () => (await statusOf(hardId)) === 'BOUNCED');
    await eventually(async () => (await statusOf(ok.body.data.messageId)) === 'DELIVERED');

    // A soft bounce needs four temporary failures over about half an hour of retries: write the row as the job leaves it.
    const org = await t.platform.apiKeys.ensureOrganization('bnc');
    softId = 'em_softbouncetest000000000000';
    await t.platform.orm.em.getConnection().execute(
      `insert into email.messages (id, organization_id, from_address, to_addresses, subject, status, bounce_type, last_response, attempts, created_at, bounced_at, updated_at)
       values (?, ?, 'app@acme.example', array[?], 'Soft one', 'BOUNCED', 'soft', '452 4.2.2 Mailbox full', 4, ?, ?, ?)`,
      [softId, org.id, 'full@example.com', '2026-01-15T08:00:00Z', softBouncedAt, softBouncedAt],
    );
  });
  afterAll(async () => {
    await t?.stop();
    await new Promise<void>((resolve) => relay.server.close(() => resolve()));
  });

  it('should list bounced messages only, newest bounce first, in the platform list envelope', async () => {
    const res = await t.request('GET', '/emails/bounces', { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        {
          messageId: hardId,
          to: ['Bounce Me <bounce-me@example.com>'],
          subject: 'Hard one',
          bounceType: 'hard',
          reason: expect.stringContaining('550'),
          bouncedAt: ISO,
        },
        {
          messageId: softId,
          to: ['full@example.com'],
          subject: 'Soft one',
          bounceType: 'soft',
          reason: '452 4.2.2 Mailbox full',
          bouncedAt: softBouncedAt,
        },
      ],
      meta: { count: 2, offset: 0, total: 2, hasMore: false },
    });
    expect(res.body.data[0].reason).toContain('No such user');
    expect(relay.accepted).toEqual(['ok@example.com']);
  });

  it('should add a HARD_BOUNCE suppression for a hard bounce, naming the message', async () => {
    const res = await t.request('GET', '/emails/suppressions?reason=HARD_BOUNCE', { key });
    expect(res.body).toEqual({
      success: true,
      data: [
        {
          id: expect.stringMatching(/^sup_/),
          email: 'bounce-me@example.com',
          reason: 'HARD_BOUNCE',
          sourceMessageId: hardId,
          createdAt: ISO,
        },
      ],
      meta: { count: 1, offset: 0, total: 1, hasMore: false },
    });
    const again = await send('bounce-me@example.com', 'Again');
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({ code: 'RECIPIENT_SUPPRESSED', details: { reason: 'HARD_BOUNCE' } });
  });

  it('should filter by type', async () => {
    const hard = await t.request('GET', '/emails/bounces?type=hard', { key });
    expect(hard.body.data.map((b: { messageId: string }) => b.messageId)).toEqual([hardId]);
    expect(hard.body.meta).toEqual({ count: 1, offset: 0, total: 1, hasMore: false });
    const soft = await t.request('GET', '/emails/bounces?type=soft', { key });
    expect(soft.body.data.map((b: { messageId: string }) => b.messageId)).toEqual([softId]);
  });

  it('should filter by bounce date', async () => {
    const january = await t.request('GET', '/emails/bounces?fromDate=2026-01-01&toDate=2026-01-31', { key });
    expect(january.body.data.map((b: { messageId: string }) => b.messageId)).toEqual([softId]);
    const recent = await t.request('GET', '/emails/bounces?fromDate=2026-02-01T00:00:00Z', { key });
    expect(recent.body.data.map((b: { messageId: string }) => b.messageId)).toEqual([hardId]);
  });

  it('should page with count and offset', async () => {
    const res = await t.request('GET', '/emails/bounces?count=1&offset=1', { key });
    expect(res.body.data.map((b: { messageId: string }) => b.messageId)).toEqual([softId]);
    expect(res.body.meta).toEqual({ count: 1, offset: 1, total: 2, hasMore: false });
  });

  it.each([
    ['type=medium', { field: 'type', received: 'medium', expected: ['hard', 'soft'] }],
    ['fromDate=yesterday', { field: 'fromDate', received: 'yesterday' }],
    ['toDate=2026-13-45', { field: 'toDate', received: '2026-13-45' }],
    ['fromDate=2026-02-01&toDate=2026-01-01', { field: 'fromDate' }],
    ['count=0', { field: 'count', received: 0, expected: '1..500' }],
    ['count=501', { field: 'count', received: 501, expected: '1..500' }],
  ])('should refuse %s with 400 and details', async (query, details) => {
    const res = await t.request('GET', `/emails/bounces?${query}`, { key });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: { code: 'INVALID_REQUEST', message: expect.any(String), details: expect.objectContaining(details) },
    });
  });

  it('should show another organization none of these bounces, and refuse SENDING keys', async () => {
    const other = await t.key('bnc-other');
    const res = await t.request('GET', '/emails/bounces', { key: other });
    expect(res.body).toEqual({ success: true, data: [], meta: { count: 0, offset: 0, total: 0, hasMore: false } });
    const sending = await t.key('bnc', 'SENDING');
    expect((await t.request('GET', '/emails/bounces', { key: sending })).status).toBe(403);
  });

  it('should answer emailBounces over GraphQL', async () => {
    const res = await t.graphql(
      key,
      '{ emailBounces(type: "hard") { data { id bounceType lastResponse status } meta { count offset total hasMore } } }',
    );
    expect(res.body).toEqual({
      data: {
        emailBounces: {
          data: [{ id: hardId, bounceType: 'hard', lastResponse: expect.stringContaining('550'), status: 'BOUNCED' }],
          meta: { count: 1, offset: 0, total: 1, hasMore: false },
        },
      },
    });
  });

  it('should report the bounce of an agent mailbox message to its mailbox (the outcome job its email names): bounced, message.bounced', async () => {
    const own = await t.key('bnc-mailbox');
    const mailbox = await t.request('POST', '/v1/agent-email/mailboxes', { key: own, body: { name: 'bnc' } });
    expect(mailbox.status).toBe(201);
    const sent = await t.request('POST', '/v1/agent-email/messages/send', {
      key: own,
      body: { from: mailbox.body.data.address, to: ['bounce-agent@example.com'], subject: 'Will bounce', text: 'x' },
    });
    expect(sent.status).toBe(202);
    const bounced = await eventually(async () => {
      const message = (await t.request('GET', `/v1/agent-email/inbox/${sent.body.data.id}`, { key: own })).body.data;
      return message.status === 'bounced' && message;
    }, 30_000);
    expect(bounced).toMatchObject({ bouncedAt: ISO, bounceReason: expect.stringContaining('550') });
    const events = await t.platform.orm.em
      .getConnection()
      .execute(`select data from platform.events where type = 'message.bounced' and data->>'messageId' = ?`, [
        sent.body.data.id,
      ]);
    expect(events).toEqual([
      { data: expect.objectContaining({ bounceType: 'hard', reason: expect.stringContaining('550') }) },
    ]);
  });
});
