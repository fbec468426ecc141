import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';

describe('POST /emails through the stack', () => {
  let t: TestPlatform;
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('acme');
  });
  afterAll(() => t.stop());

  it('should queue a message and answer {messageId, status: QUEUED} in the platform envelope', async () => {
    const res = await t.request('POST', '/emails', {
      key,
      body: { from: 'a@example.com', to: 'b@example.com', subject: 'Hi', html: '<p>Hi</p>' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { messageId: expect.stringMatching(/^em_/), status: 'QUEUED' } });
    const id = res.body.data.messageId;
    const delivered = await eventually(async () => {
      const got = await t.request('GET', `/emails/messages/${id}`, { key });
      return got.body.data.status === 'DELIVERED' ? got.body.data : null;
    });
    expect(delivered).toMatchObject({ messageId: id, to: ['b@example.com'], subject: 'Hi', html: '<p>Hi</p>' });
    expect(delivered.sentAt).toBeTruthy();
    expect(delivered.deliveredAt).toBeTruthy();
  });

  it('should refuse a missing field with details', async () => {
    const res = await t.request('POST', '/emails', { key, body: { from: 'a@example.com', subject: 'x', html: 'y' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: {
        code: 'INVALID_REQUEST',
        message: expect.any(String),
        details: { field: 'to', received: null, expected: expect.any(String) },
      },
    });
  });

  it.each([
    ['headers', 'X-Custom: 1'],
    ['templateModel', ['not', 'an', 'object']],
  ])('should refuse %s of the wrong type with a 400 naming it, never a 500', async (field, value) => {
    const res = await t.request('POST', '/emails', {
      key,
      body: {
        from: 'a@example.com',
        to: 'b@example.com',
        subject: 'x',
        html: 'y',
        templateId: 'tpl_x',
        [field]: value,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', details: { field } });
  });
});
