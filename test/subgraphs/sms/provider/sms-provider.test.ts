import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestPlatform, eventually, type TestPlatform } from '../../../helpers/test-platform.js';
import { twilioSignature } from '../../../../subgraphs/sms/provider/twilio-signature.js';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'provider-auth-token-for-tests';
const PUBLIC_URL = 'https://api.example.test';
const VERIFY = { templateAlias: 'verification-code', templateModel: { appName: 'Acme', code: '123456', minutes: 10 } };
const REJECTED_NUMBER = '+14155550999';
const FLAKY_NUMBER = '+14155550888';

interface ProviderRequest {
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** A loopback Twilio-style Messages API: 201 with a sid, a 400 for one number, a 503 the first time for another. */
function fakeProvider() {
  const requests: ProviderRequest[] = [];
  let flakyCalls = 0;
  let sid = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ authorization: req.headers.authorization, contentType: req.headers['content-type'], form });
      res.setHeader('content-type', 'application/json');
      if (req.url !== `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`) return res.writeHead(404).end('{}');
      if (form.To === REJECTED_NUMBER)
        return res
          .writeHead(400)
          .end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }));
      if (form.To === FLAKY_NUMBER && flakyCalls++ === 0) return res.writeHead(503).end('{}');
      res.writeHead(201).end(
        JSON.stringify({
          sid: `SM${String(++sid).padStart(32, '0')}`,
          status: 'queued',
          to: form.To,
          from: form.From,
        }),
      );
    });
  });
  return { server, requests };
}

describe('SMS through a Twilio-style provider', () => {
  let t: TestPlatform;
  let key: string;
  const provider = fakeProvider();

  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.server.listen(0, '127.0.0.1', resolve));
    const port = (provider.server.address() as AddressInfo).port;
    t = await startTestPlatform({
      SMS_PROVIDER_URL: `http://127.0.0.1:${port}`,
      SMS_PROVIDER_ACCOUNT_SID: ACCOUNT,
      SMS_PROVIDER_AUTH_TOKEN: TOKEN,
      PUBLIC_URL,
    });
    key = await t.key('sms-provider');
  });
  afterAll(async () => {
    await t.stop();
    provider.server.close();
  });

  /** Posts a callback as the provider would: form-encoded, signed over PUBLIC_URL + path. */
  const callback = (
    path: string,
    params: Record<string, string>,
    signature = twilioSignature(TOKEN, PUBLIC_URL + path, params),
  ) =>
    t.request('POST', path, {
      rawBody: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    });
  const status = (sid: string, messageStatus: string, extra: Record<string, string> = {}) =>
    callback('/sms/callbacks/status', { AccountSid: ACCOUNT, MessageSid: sid, MessageStatus: messageStatus, ...extra });
  const get = async (id: string) => (await t.request('GET', `/sms/${id}`, { key })).body;
  const sendTo = async (to: string) =>
    (await t.request('POST', '/sms', { key, body: { to, ...VERIFY } })).body.messageId as string;
  const handedOver = (id: string) =>
    eventually(async () => {
      const m = await get(id);
      return m.providerMessageId && m.status === 'SENDING' && m;
    });

  it('should hand the message to the provider form-encoded with basic auth and our status callback URL', async () => {
    const id = await sendTo('+14155550123');
    const message = await handedOver(id);
    const request = provider.requests.find((r) => r.form.To === '+14155550123')!;
    expect(request.authorization).toBe('Basic ' + Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64'));
    expect(request.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.form).toEqual({
      To: '+14155550123',
      From: message.from,
      Body: message.body,
      StatusCallback: `${PUBLIC_URL}/sms/callbacks/status`,
    });
    expect(message.providerMessageId).toMatch(/^SM\d{32}$/);
  });

  it('should move SENDING → SENT → DELIVERED on signed callbacks, and apply a replay only once', async () => {
    const id = await sendTo('+14155550124');
    const { providerMessageId: sid } = await handedOver(id);

    expect(await status(sid, 'sent')).toMatchObject({ status: 200, body: { applied: true, messageId: id } });
    expect((await get(id)).status).toBe('SENT');
    expect(await status(sid, 'delivered')).toMatchObject({ status: 200, body: { applied: true, messageId: id } });
    const delivered = await get(id);
    expect(delivered).toMatchObject({
      status: 'DELIVERED',
      sentAt: expect.any(String),
      deliveredAt: expect.any(String),
    });
    expect(delivered.events.map((e: { eventType: string }) => e.eventType)).toEqual(['QUEUED', 'SENT', 'DELIVERED']);

    // Replays and stale reports change nothing.
    expect(await status(sid, 'delivered')).toMatchObject({ status: 200, body: { applied: false, messageId: id } });
    expect(await status(sid, 'sent')).toMatchObject({ status: 200, body: { applied: false } });
    expect(await status(sid, 'failed', { ErrorCode: '30008' })).toMatchObject({
      status: 200,
      body: { applied: false },
    });
    expect((await get(id)).events).toHaveLength(3);
  });

  it('should take a delivery report that overtakes the sent report, and record undelivered with the carrier code', async () => {
    const first = await sendTo('+14155550125');
    const { providerMessageId: sid1 } = await handedOver(first);
    await status(sid1, 'delivered');
    expect((await get(first)).events.map((e: { eventType: string }) => e.eventType)).toEqual([
      'QUEUED',
      'SENT',
      'DELIVERED',
    ]);

    const second = await sendTo('+14155550126');
    const { providerMessageId: sid2 } = await handedOver(second);
    await status(sid2, 'sent');
    await status(sid2, 'undelivered', { ErrorCode: '30003', ErrorMessage: 'Unreachable destination handset' });
    expect(await get(second)).toMatchObject({
      status: 'UNDELIVERED',
      errorCode: 30003,
      errorMessage: 'Unreachable destination handset',
    });
  });

  it('should refuse a callback with a bad or missing signature (403) and change nothing', async () => {
    const id = await sendTo('+14155550127');
    const { providerMessageId: sid } = await handedOver(id);
    const params = { AccountSid: ACCOUNT, MessageSid: sid, MessageStatus: 'delivered' };
    const forged = await callback(
      '/sms/callbacks/status',
      params,
      twilioSignature('wrong-token', PUBLIC_URL + '/sms/callbacks/status', params),
    );
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String), statusCode: 403 } });
    const unsigned = await t.request('POST', '/sms/callbacks/status', {
      rawBody: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.status).toBe(403);
    expect((await get(id)).status).toBe('SENDING');
  });

  it('should answer 415 for a JSON callback and 404 for an unknown provider id', async () => {
    const json = await t.request('POST', '/sms/callbacks/status', { body: { MessageSid: 'SMx' } });
    expect(json.status).toBe(415);
    expect((await status('SM_unknown', 'delivered')).status).toBe(404);
  });

  it('should mark a message the provider rejects FAILED with its error code, without retrying', async () => {
    const id = await sendTo(REJECTED_NUMBER);
    const failed = await eventually(async () => {
      const m = await get(id);
      return m.status === 'FAILED' && m;
    });
    expect(failed).toMatchObject({ errorCode: 21211, errorMessage: "The 'To' number is not a valid phone number." });
    expect(provider.requests.filter((r) => r.form.To === REJECTED_NUMBER)).toHaveLength(1);
  });

  it('should retry a message the provider could not take (503) and then hand it over', async () => {
    const id = await sendTo(FLAKY_NUMBER);
    await handedOver(id);
    expect(provider.requests.filter((r) => r.form.To === FLAKY_NUMBER)).toHaveLength(2);
  });

  it("should route a signed inbound callback to the conversation's organization, opt the sender out on STOP, once", async () => {
    const handset = '+14155550128';
    const id = await sendTo(handset);
    const { from: poolNumber } = await handedOver(id);
    const inbound = {
      AccountSid: ACCOUNT,
      MessageSid: 'SM' + 'f'.repeat(32),
      From: handset,
      To: poolNumber,
      Body: 'stop',
    };

    const first = await callback('/sms/callbacks/inbound', inbound);
    expect(first).toMatchObject({
      status: 200,
      body: { applied: true, messageId: expect.stringMatching(/^sms_inb_/) },
    });
    const replay = await callback('/sms/callbacks/inbound', inbound);
    expect(replay).toMatchObject({ status: 200, body: { applied: false } });

    const list = await t.request('GET', `/sms/inbound?fromNumber=${encodeURIComponent(handset)}`, { key });
    expect(list.body.totalCount).toBe(1);
    expect(list.body.messages[0]).toMatchObject({
      from: handset,
      to: poolNumber,
      body: 'stop',
      providerMessageId: inbound.MessageSid,
    });
    const suppression = await t.request('GET', `/sms/suppressions/${encodeURIComponent(handset)}`, { key });
    expect(suppression.body).toMatchObject({ suppressed: true, reason: 'OPT_OUT' });

    // Another organization never sees it.
    const other = await t.key('sms-provider-other');
    expect((await t.request('GET', '/sms/inbound', { key: other })).body.totalCount).toBe(0);
  });
});
