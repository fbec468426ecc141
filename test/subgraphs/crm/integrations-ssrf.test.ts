import { crmModule } from '../../../subgraphs/crm/index.js';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver.js';

describe('CRM integration URLs through the URL guard (SSRF)', () => {
  let t: TestPlatform;
  let key: string;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver(() => ({
      status: 201,
      body: '{"id":"x"}',
      headers: { 'content-type': 'application/json' },
    }));
    t = await startTestPlatform({ WEBHOOK_ALLOW_PRIVATE: 'false' }, { modules: [crmModule()] });
    key = await t.key('crm-ssrf');
  });
  afterAll(async () => {
    await t.stop();
    await receiver.close();
  });

  const connect = (baseUrl: string) =>
    t.request('POST', '/crm/integrations', {
      key,
      body: { name: 'CRM', provider: 'hubspot', baseUrl, accessToken: 'token-123456' },
    });

  it.each([
    ['loopback', 'http://127.0.0.1:8080/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data'],
    ['IPv4-mapped loopback', 'http://[::ffff:7f00:1]/'],
    ['a private range', 'https://192.168.1.10/'],
    ['a fragment', 'https://93.184.216.34/#x'],
  ])(
    'should refuse %s at creation with 400 on baseUrl (as every CRM field error) and create nothing',
    async (_what, baseUrl) => {
      const res = await connect(baseUrl);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', details: { field: 'baseUrl' } });
      expect((await t.request('GET', '/crm/integrations', { key })).body.data).toEqual([]);
    },
  );

  it('should stop pushing, without a retry loop, when the stored URL is refused at connect time', async () => {
    const connected = await connect('https://93.184.216.34/');
    expect(connected.status).toBe(201);
    // As if the name had changed its answer after the check: the row now points at a loopback receiver.
    await t.platform.orm.em
      .fork()
      .getConnection()
      .execute('update crm.integrations set base_url = ? where id = ?', [receiver.url, Number(connected.body.data.id)]);
    await t.request('POST', '/crm/contacts', { key, body: { email: 'refused@example.com' } });
    const lastError = await eventually(
      async () => (await t.request('GET', '/crm/integrations', { key })).body.data[0].lastError as string | null,
    );
    expect(lastError).toContain('pushes stopped');
    expect(receiver.requests).toEqual([]);
    const queued = await t.platform.orm.em
      .fork()
      .getConnection()
      .execute(
        `select count(*)::int as n from agenda_jobs where name = 'crm.integration-push' and next_run_at is not null`,
      );
    expect(queued[0].n).toBe(0);
  });
});
