import { jest } from '@jest/globals';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { emailModule } from '../../subgraphs/email/index.js';
import { smsModule } from '../../subgraphs/sms/index.js';
import { InProcessDataSource } from '../../gateway/in-process-data-source.js';

// A bridge mutation planned as one plain fetch from one in-process subgraph is sent as that fetch after its first
// request (gateway/bridge-executor.ts). It must run exactly once per request, whatever its answer: an answer with
// errors is handed to the gateway's own fetch (not asked again), so its REST answer is the one the gateway's road gave
// (status, code, message, details), and nothing it did happens twice.
describe('REST mutations sent straight to their subgraph answer as the gateway does, running once', () => {
  let t: TestPlatform;
  let key: string;
  let organizationId: string;
  const fetches = jest.spyOn(InProcessDataSource.prototype, 'fetch');
  const send = (to: string, extra: Record<string, unknown> = {}) =>
    t.request('POST', '/emails', {
      key,
      body: { from: 'a@example.com', to, subject: 'once', html: '<p>x</p>', ...extra },
    });
  /** One request's answer and how many times a subgraph ran an operation for it. */
  const counted = async (request: () => Promise<{ status: number; body: unknown }>) => {
    const before = fetches.mock.calls.length;
    const res = await request();
    return { status: res.status, body: res.body, runs: fetches.mock.calls.length - before };
  };

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [emailModule(), smsModule()] });
    key = await t.key('once');
    organizationId = (await t.platform.apiKeys.authenticate(key))!.organizationId;
    expect((await t.request('POST', '/emails/suppressions', { key, body: { email: 'gone@example.com' } })).status).toBe(
      201,
    );
  });
  afterAll(async () => {
    fetches.mockRestore();
    await t.stop();
  });

  it("should answer the errors of the gateway's road on every repeat, running the mutation once each time", async () => {
    // The first request of the operation takes the gateway's road (its plan is learnt then); the others the shortcut.
    const suppressed = [
      await counted(() => send('gone@example.com')),
      await counted(() => send('gone@example.com')),
      await counted(() => send('gone@example.com')),
    ];
    expect(suppressed[0]).toMatchObject({
      status: 422,
      body: { success: false, error: { code: 'RECIPIENT_SUPPRESSED' } },
    });
    for (const res of suppressed) expect(res).toEqual(suppressed[0]);
    expect(suppressed[0]!.runs).toBe(1);

    const invalid = [
      await counted(() => send('b@example.com', { subject: '' })),
      await counted(() => send('b@example.com', { subject: '' })),
    ];
    expect(invalid[0]).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_REQUEST', details: { field: 'subject' } } },
    });
    expect(invalid[1]).toEqual(invalid[0]);
  });

  it('should queue exactly one message per accepted request', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await counted(() => send(`to${i}@example.com`));
      expect(res).toMatchObject({ status: 200, runs: 1, body: { success: true, data: { status: 'QUEUED' } } });
      ids.add((res.body as { data: { messageId: string } }).data.messageId);
    }
    const [row] = await t.platform.orm.em
      .getConnection()
      .execute<{ n: string }[]>(
        `select count(*) as n from email.messages where organization_id = ? and subject = 'once'`,
        [organizationId],
      );
    expect(ids.size).toBe(3);
    expect(Number(row!.n)).toBe(3);
  });

  it('should answer QUOTA_EXCEEDED as before once the monthly emails are used up, counting nothing', async () => {
    await t.platform.orm.em
      .getConnection()
      .execute(`update platform.usage set used = 10000 where organization_id = ? and resource = 'emails'`, [
        organizationId,
      ]);
    const res = await counted(() => send('over@example.com'));
    expect(res).toMatchObject({
      status: 429,
      runs: 1,
      body: { error: { code: 'QUOTA_EXCEEDED', details: { quota: 10_000, used: 10_000 } } },
    });
    const [usage] = await t.platform.orm.em
      .getConnection()
      .execute<{ used: string }[]>(
        `select used from platform.usage where organization_id = ? and resource = 'emails'`,
        [organizationId],
      );
    expect(Number(usage!.used)).toBe(10_000);
  });
});
