import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';

describe('rate limits and quotas', () => {
  let t: TestPlatform;

  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterAll(() => t.stop());

  it('should answer 429 RATE_LIMITED with Retry-After and details.retryAfter once the window is used up', async () => {
    const key = await t.key('busy');
    // POST /emails/batch: Starter's batch rate (5/s) is stricter than the endpoint's 10/s.
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.request('POST', '/emails/batch', { key, body: [] })),
    );
    const limited = responses.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    const res = limited[0]!;
    expect(res.body).toEqual({
      success: false,
      error: { code: 'RATE_LIMITED', message: expect.any(String), details: { retryAfter: expect.any(Number) } },
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('x-ratelimit-limit')).toBe('5');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(res.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    // the requests that got through were answered normally
    expect(responses.filter((r) => r.status === 400).length).toBeGreaterThan(0);
  });

  it('should keep organizations apart: one exhausted org does not limit another', async () => {
    const other = await t.key('calm');
    const res = await t.request('POST', '/emails/batch', { key: other, body: [] });
    expect(res.status).toBe(400);
  });

  it('should answer 429 QUOTA_EXCEEDED with {quota, used, resetsAt} when the monthly emails are used up', async () => {
    const key = await t.key('heavy');
    const org = await t.platform.apiKeys.authenticate(key);
    const period = new Date().toISOString().slice(0, 7);
    await t.platform.orm.em
      .getConnection()
      .execute('insert into platform.usage (organization_id, resource, period, used) values (?, ?, ?, ?)', [
        org!.organizationId,
        'emails',
        period,
        10_000,
      ]);
    const res = await t.request('POST', '/emails', {
      key,
      body: { from: 'a@example.com', to: 'b@example.com', subject: 's', text: 't' },
    });
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual({
      code: 'QUOTA_EXCEEDED',
      message: expect.any(String),
      details: { quota: 10_000, used: 10_000, resetsAt: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00.000Z$/) },
    });
    const list = await t.request('GET', '/emails/messages', { key });
    expect(list.body.meta.total).toBe(0);
  });

  it('should count a batch against the quota as one unit per accepted email', async () => {
    const key = await t.key('almost');
    const org = await t.platform.apiKeys.authenticate(key);
    const period = new Date().toISOString().slice(0, 7);
    await t.platform.orm.em
      .getConnection()
      .execute('insert into platform.usage (organization_id, resource, period, used) values (?, ?, ?, ?)', [
        org!.organizationId,
        'emails',
        period,
        9_999,
      ]);
    const item = { from: 'a@example.com', to: 'b@example.com', subject: 's', text: 't' };
    const res = await t.request('POST', '/emails/batch', { key, body: [item, item] });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('QUOTA_EXCEEDED');
    const one = await t.request('POST', '/emails/batch', { key, body: [item] });
    expect(one.status).toBe(200);
  });
});
