import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

const ITEM = { from: 'a@example.com', to: 'b@example.com', subject: 'Batch', text: 'hello' };

describe('POST /emails/batch and Idempotency-Key', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('batcher', 'SENDING');
  });
  afterAll(() => t.stop());

  it('should answer one result per item, in order, one bad item not failing the others', async () => {
    const res = await t.request('POST', '/emails/batch', {
      key,
      body: [ITEM, { ...ITEM, to: 'nope' }, 'not an object', { ...ITEM, subject: 'second' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const [first, bad, notObject, second] = res.body.data;
    expect(first).toMatchObject({ index: 0, messageId: expect.stringMatching(/^em_/), status: 'QUEUED', error: null });
    expect(bad).toMatchObject({
      index: 1,
      messageId: null,
      error: { code: 'INVALID_REQUEST', details: { field: 'to' } },
    });
    expect(notObject).toMatchObject({ index: 2, messageId: null, error: { code: 'INVALID_REQUEST' } });
    expect(second).toMatchObject({ index: 3, messageId: expect.stringMatching(/^em_/) });
  });

  it('should refuse an empty batch, a batch over 500 and a non-array body with 400', async () => {
    expect((await t.request('POST', '/emails/batch', { key, body: [] })).status).toBe(400);
    const big = await t.request('POST', '/emails/batch', { key, body: Array.from({ length: 501 }, () => ITEM) });
    expect(big.status).toBe(400);
    expect(big.body.error.details).toMatchObject({ received: 501 });
    expect((await t.request('POST', '/emails/batch', { key, body: ITEM })).status).toBe(400);
  });

  it('should accept 500 items', async () => {
    const res = await t.request('POST', '/emails/batch', { key, body: Array.from({ length: 500 }, () => ITEM) });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(500);
    expect(res.body.data.every((r: { messageId: string | null }) => r.messageId)).toBe(true);
  });

  it('should return the same message for a repeated Idempotency-Key, even under concurrency', async () => {
    const send = () => t.request('POST', '/emails', { key, body: ITEM, headers: { 'idempotency-key': 'order-42' } });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((a) => a.body.data.messageId));
    expect(ids.size).toBe(1);
    const [{ count }] = await t.platform.orm.em
      .getConnection()
      .execute(`select count(*)::int as count from email.messages where idempotency_key = 'order-42'`);
    expect(count).toBe(1);
  });
});
