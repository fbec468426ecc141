import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { smsModule } from '../../../subgraphs/sms/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const VERIFY = { templateAlias: 'verification-code', templateModel: { appName: 'Acme', code: '123456', minutes: 10 } };
const BURST_PREFIX = '+1415555';
const QUIET_NUMBER = '+12125550123';

/** A loopback Twilio-style carrier that never answers for the burst's numbers (the client gives up after 10 s) and answers the others at once. */
function slowCarrier(): Server {
  let sid = 0;
  return createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const answer = () =>
        res.writeHead(201, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            sid: `SM${String(++sid).padStart(32, '0')}`,
            status: 'queued',
            to: form.To,
            from: form.From,
          }),
        );
      if (!form.To?.startsWith(BURST_PREFIX)) answer();
    });
  });
}

/**
 * One organization's burst, on a slow carrier and behind a webhook host whose name never resolves, once held every
 * organization's sends: a single SMS of another organization waited minutes. Through the whole stack (REST → jobs →
 * carrier), the other organization's SMS goes out while the burst is still being worked through.
 */
describe('a burst of one organization behind a slow carrier and a webhook host that never resolves', () => {
  let t: TestPlatform;
  const carrier = slowCarrier();
  let release!: () => void;
  const hanging = new Promise<void>((resolve) => (release = resolve));
  let slowNames = false;
  let hungLookups = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => carrier.listen(0, '127.0.0.1', resolve));
    const resolver = async (host: string) => {
      if (host === 'slow.test' && slowNames) {
        hungLookups++;
        await hanging;
      }
      return [{ address: '93.184.216.34', family: 4 }];
    };
    t = await startTestPlatform(
      {
        WEBHOOK_ALLOW_PRIVATE: 'false',
        SMS_PROVIDER_URL: `http://127.0.0.1:${(carrier.address() as AddressInfo).port}`,
        SMS_PROVIDER_ACCOUNT_SID: ACCOUNT,
        SMS_PROVIDER_AUTH_TOKEN: 'token',
      },
      { modules: [smsModule(), webhooksModule({ resolver })] },
    );
  });
  afterAll(async () => {
    release();
    await t.stop();
    carrier.closeAllConnections();
    await new Promise((resolve) => carrier.close(resolve));
  });

  it("should send another organization's SMS while the burst is still queued", async () => {
    const [a, b] = [await t.key('burst-a'), await t.key('quiet-b')];
    // A plan whose send rate lets the burst in at once.
    await t.platform.orm.em
      .getConnection()
      .execute(`update platform.organizations set plan = 'ENTERPRISE' where slug = 'burst-a'`);
    const hook = await t.request('POST', '/sms/webhooks', {
      key: a,
      body: { url: 'http://slow.test/hook', events: ['sms.failed'] },
    });
    expect(hook.status).toBe(201);
    slowNames = true;
    for (let i = 0; i < 20; i++)
      expect(
        (await t.request('POST', `/sms/webhooks/${hook.body.id ?? hook.body.data?.id}/test`, { key: a })).status,
      ).toBeLessThan(300);

    // 100 messages, each its own job, each holding its slot until the carrier client gives up (10 s).
    for (let i = 0; i < 100; i += 20) {
      const sends = await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          t.request('POST', '/sms', { key: a, body: { to: `${BURST_PREFIX}${1000 + i + j}`, ...VERIFY } }),
        ),
      );
      sends.forEach((send) => expect(send.body.errorCode).toBe(0));
    }
    // The burst is under way: its webhook deliveries hang on the name, and its messages hold the lane's slots.
    await eventually(async () => hungLookups > 0);
    await eventually(
      async () => (await t.request('GET', '/sms/messages?status=SENDING&count=1', { key: a })).body.totalCount >= 16,
    );

    const single = await t.request('POST', '/sms', { key: b, body: { to: QUIET_NUMBER, ...VERIFY } });
    expect(single.body.errorCode).toBe(0);
    // Were the burst allowed every slot of the lane, this would wait for the first of its hung requests to time out (10 s).
    await eventually(
      async () => (await t.request('GET', `/sms/${single.body.messageId}`, { key: b })).body.providerMessageId,
      5_000,
    );

    // Taking turns: most of the burst is still waiting for a slot.
    const waiting = await t.request('GET', '/sms/messages?status=QUEUED&count=1', { key: a });
    expect(waiting.status).toBe(200);
    expect(waiting.body.totalCount).toBeGreaterThan(50);
  });
});
