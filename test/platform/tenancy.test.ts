import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';

describe('tenancy', () => {
  let t: TestPlatform;
  let keyA: string;
  let keyB: string;
  let messageId: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    keyA = await t.key('org-a');
    keyB = await t.key('org-b');
    const sent = await t.request('POST', '/emails', {
      key: keyA,
      body: { from: 'a@a.example', to: 'x@example.com', subject: 'Secret of A', text: 'only for A' },
    });
    messageId = sent.body.data.messageId;
  });
  afterAll(() => t.stop());

  it('should let the owner read its message', async () => {
    const res = await t.request('GET', `/emails/messages/${messageId}`, { key: keyA });
    expect(res.status).toBe(200);
    expect(res.body.data.subject).toBe('Secret of A');
  });

  it("should give another organization 404 for the first one's message id (REST)", async () => {
    const res = await t.request('GET', `/emails/messages/${messageId}`, { key: keyB });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it("should never list the first one's messages to another organization (REST)", async () => {
    const res = await t.request('GET', '/emails/messages', { key: keyB });
    expect(res.body.data).toEqual([]);
    expect(res.body.meta.total).toBe(0);
    const own = await t.request('GET', '/emails/messages', { key: keyA });
    expect(own.body.meta.total).toBe(1);
  });

  it('should enforce the same through GraphQL', async () => {
    const one = await t.graphql(keyB, 'query($id: ID!) { emailMessage(id: $id) { id subject } }', { id: messageId });
    expect(one.body.data?.emailMessage ?? null).toBeNull();
    expect(one.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const list = await t.graphql(keyB, '{ emailMessages { data { id } meta { total } } }');
    expect(list.body.data.emailMessages).toEqual({ data: [], meta: { total: 0 } });
    const own = await t.graphql(keyA, '{ emailMessages { data { id } meta { total } } }');
    expect(own.body.data.emailMessages.data).toEqual([{ id: messageId }]);
  });

  it('should answer 401 on /graphql without a key, and for an unknown key', async () => {
    const none = await t.graphql(undefined, '{ emailMessages { meta { total } } }');
    expect(none.status).toBe(401);
    expect(none.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    const bad = await t.graphql('sk_srv_unknown_unknown_unknown_0000', '{ emailMessages { meta { total } } }');
    expect(bad.status).toBe(401);
  });

  it('should refuse a SENDING key on GraphQL reads with FORBIDDEN', async () => {
    const sending = await t.key('org-a', 'SENDING');
    const res = await t.graphql(sending, '{ emailMessages { meta { total } } }');
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
