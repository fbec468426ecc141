import { lookup } from 'node:dns/promises';
import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';

describe('webhook URLs with the address rule on (WEBHOOK_ALLOW_PRIVATE unset)', () => {
  let t: TestPlatform;
  let key: string;
  let receiver: Receiver;
  let lookups = 0;

  beforeAll(async () => {
    // rebind.test answers a public address when the webhook is created, then loopback: DNS rebinding.
    const resolver = async (host: string) => {
      if (host !== 'rebind.test') return lookup(host, { all: true }); // the system resolver (localhost: /etc/hosts)
      return lookups++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    };
    t = await startTestPlatform(
      { WEBHOOK_ALLOW_PRIVATE: 'false' },
      { modules: [emailModule(), webhooksModule({ resolver })] },
    );
    key = await t.key('guarded');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.stop();
  });

  it.each([
    ['a private IPv4 literal', 'http://10.0.0.5/hook', 'private'],
    ['the cloud metadata address', 'http://169.254.169.254/latest', 'link-local'],
    ['loopback IPv6', 'http://[::1]:8080/hook', 'loopback'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/hook', 'IPv4-mapped'],
  ])('should refuse %s at creation', async (_what, url, reason) => {
    const res = await t.request('POST', '/webhooks', { key, body: { url, events: ['email.sent'] } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringContaining(reason),
      details: { field: 'url', received: url },
    });
  });

  it('should refuse a host name that resolves to loopback (localhost)', async () => {
    const res = await t.request('POST', '/webhooks', {
      key,
      body: { url: `http://localhost:${receiver.port}/hooks`, events: ['email.sent'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^Refused: localhost resolves to a loopback address/);
    const patch = await t.request(
      'PATCH',
      `/webhooks/${(await t.request('POST', '/webhooks', { key, body: { url: 'http://rebind.test/x', events: ['email.sent'] } })).body.data.id}`,
      {
        key,
        body: { url: `http://127.0.0.1:${receiver.port}/hooks` },
      },
    );
    expect(patch.status).toBe(400);
  });

  it('should check again at connect time and refuse a name that now resolves to loopback', async () => {
    lookups = 0;
    const created = await t.request('POST', '/webhooks', {
      key,
      body: { url: `http://rebind.test:${receiver.port}/hooks`, events: ['email.delivered'] },
    });
    expect(created.status).toBe(201);
    const test = await t.request('POST', `/webhooks/${created.body.data.id}/test`, { key });
    const delivery = await eventually(async () => {
      const log = await t.request('GET', `/webhooks/${created.body.data.id}/deliveries`, { key });
      return log.body.data.find(
        (d: { id: string; status: string }) => d.id === test.body.data.id && d.status === 'FAILED',
      );
    });
    expect(delivery.error).toMatch(/^Refused: rebind.test resolves to a loopback address \(127\.0\.0\.1\)/);
    expect(delivery.attempts[0]).toMatchObject({ success: false, responseCode: null });
    expect(receiver.requests).toHaveLength(0);
  });
});
