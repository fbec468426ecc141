import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { postGraphql, unplannedCopies } from './helpers/graphql-post.js';
import { emailModule } from '../../subgraphs/email/index.js';
import { smsModule } from '../../subgraphs/sms/index.js';

// /graphql operations planned as one plain fetch from one in-process subgraph are sent as that fetch after their first
// request (gateway/single-fetch-gateway.ts), plain JSON POSTs of them without Apollo Server's request pipeline.
// Whatever road a request takes, its answer must be the gateway's: the same rows for the same organization, the same
// bytes and content type, the same errors for a missing scope, bad variables, a refused argument or a request only
// Apollo Server understands. A document the gateway has not planned yet (the same text with other spacing) always
// takes the whole road.
describe('/graphql single-fetch operations answer as the gateway does', () => {
  let t: TestPlatform;
  let acme: string;
  let globex: string;
  let smsOnly: string;

  const LIST =
    'query List($count: Int, $status: String) { emailMessages(count: $count, status: $status) { data { subject status } meta { total count } } }';
  /** The same operation as a document the gateway has never planned: its answer comes from the gateway's road. */
  const unplanned = unplannedCopies();
  const post = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    postGraphql(t, key, body, headers);
  const send = (key: string, subject: string) =>
    t.request('POST', '/emails', {
      key,
      body: { from: 'a@example.com', to: 'b@example.com', subject, html: '<p>x</p>' },
    });

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [emailModule(), smsModule()] });
    acme = await t.key('acme');
    globex = await t.key('globex');
    smsOnly = await t.key('acme', 'SERVER', ['sms']);
    for (const subject of ['acme 1', 'acme 2', 'acme 3']) expect((await send(acme, subject)).status).toBe(200);
    for (const subject of ['globex 1', 'globex 2']) expect((await send(globex, subject)).status).toBe(200);
  });
  afterAll(() => t.stop());

  it('should list each organization its own messages on every repeat, whichever asked first', async () => {
    const list = async (key: string) => {
      const res = await t.graphql(key, LIST, { count: 20 });
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      const { data, meta } = res.body.data.emailMessages;
      return { subjects: (data as { subject: string }[]).map((m) => m.subject).sort(), meta };
    };
    for (let i = 0; i < 3; i++) {
      expect(await list(acme)).toEqual({ subjects: ['acme 1', 'acme 2', 'acme 3'], meta: { total: 3, count: 3 } });
      expect(await list(globex)).toEqual({ subjects: ['globex 1', 'globex 2'], meta: { total: 2, count: 2 } });
    }
    // Variables change the answer, not the road: a page of one, then a status no message has.
    expect((await t.graphql(acme, LIST, { count: 1 })).body.data.emailMessages.meta).toEqual({ total: 3, count: 1 });
    expect((await t.graphql(acme, LIST, { count: 20, status: 'BOUNCED' })).body.data.emailMessages).toEqual({
      data: [],
      meta: { total: 0, count: 0 },
    });
  });

  it('should answer the same data with aliases and fragments as without', async () => {
    const aliased =
      '{ a: emailMessages(count: 2) { total: meta { all: total } } b: emailMessages(count: 1) { ...Page } } fragment Page on EmailMessageList { meta { count } }';
    const first = await t.graphql(acme, aliased);
    expect(first.body).toEqual({ data: { a: { total: { all: 3 } }, b: { meta: { count: 1 } } } });
    expect((await t.graphql(acme, aliased)).body).toEqual(first.body);
  });

  it('should refuse a key without the email scope as the gateway does, on every repeat', async () => {
    expect((await t.graphql(acme, LIST, { count: 20 })).status).toBe(200);
    const expected = await t.graphql(smsOnly, unplanned(LIST), { count: 20 });
    expect(expected.body.errors[0].extensions.code).toBe('FORBIDDEN');
    for (let i = 0; i < 2; i++) {
      const res = await t.graphql(smsOnly, LIST, { count: 20 });
      expect({ status: res.status, body: res.body }).toEqual({ status: expected.status, body: expected.body });
    }
  });

  it("should refuse variables of the wrong type with the gateway's own errors, on every repeat", async () => {
    expect((await t.graphql(acme, LIST, { count: 20 })).status).toBe(200);
    const expected = await t.graphql(acme, unplanned(LIST), { count: 'twenty' });
    expect(expected.body.errors[0].message).toMatch(/\$count/);
    for (let i = 0; i < 2; i++) {
      const res = await t.graphql(acme, LIST, { count: 'twenty' });
      expect({ status: res.status, body: res.body }).toEqual({ status: expected.status, body: expected.body });
    }
  });

  it("should answer an argument the subgraph refuses with the gateway's error, on every repeat", async () => {
    expect((await t.graphql(acme, LIST, { count: 20 })).status).toBe(200);
    const expected = await t.graphql(acme, unplanned(LIST), { count: 20, status: 'NOT_A_STATUS' });
    expect(expected.body.errors?.length).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) {
      const res = await t.graphql(acme, LIST, { count: 20, status: 'NOT_A_STATUS' });
      expect({ status: res.status, body: res.body }).toEqual({ status: expected.status, body: expected.body });
    }
  });

  it('should answer a planned query with the bytes and content type of the whole road', async () => {
    expect((await t.graphql(acme, LIST, { count: 20 })).status).toBe(200);
    const expected = await post(acme, { query: unplanned(LIST), variables: { count: 20 } });
    expect(expected).toMatchObject({ status: 200, contentType: 'application/json; charset=utf-8' });
    expect(await post(acme, { query: LIST, variables: { count: 20 } })).toEqual(expected);
    expect(await post(acme, { query: LIST, operationName: 'List', variables: { count: 20 } })).toEqual(expected);
  });

  it('should answer requests only Apollo Server understands as it does: other Accept values, an empty operation name, extensions', async () => {
    expect((await t.graphql(acme, LIST, { count: 20 })).status).toBe(200);
    const variants: {
      body: Record<string, unknown>;
      headers?: Record<string, string>;
      check(answer: { status: number; contentType: string | null; text: string }): void;
    }[] = [
      {
        body: { variables: { count: 20 } },
        headers: { accept: 'application/graphql-response+json' },
        check: (a) => expect(a.contentType).toBe('application/graphql-response+json; charset=utf-8'),
      },
      {
        body: { variables: { count: 20 } },
        headers: { accept: 'text/plain' },
        check: (a) => expect(a.status).toBe(406),
      },
      {
        body: { operationName: '', variables: { count: 20 } },
        check: (a) =>
          expect({ status: a.status, text: a.text }).toEqual({
            status: 400,
            text: expect.stringContaining('Unknown operation named \\"\\"'),
          }),
      },
      // A persisted-query hash that is not the text's: refused, whichever document it came with.
      {
        body: { variables: { count: 20 }, extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } },
        check: (a) =>
          expect({ status: a.status, code: JSON.parse(a.text).errors[0].extensions.code }).toEqual({
            status: 400,
            code: 'INVALID_REQUEST',
          }),
      },
      { body: { variables: [20] }, check: (a) => expect(a.status).toBe(400) },
    ];
    for (const { body, headers, check } of variants) {
      const expected = await post(acme, { query: unplanned(LIST), ...body }, headers);
      check(expected);
      for (let i = 0; i < 2; i++) expect(await post(acme, { query: LIST, ...body }, headers)).toEqual(expected);
    }
  });
});
