import { connect } from 'node:net';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';

const SEND = { from: 'sender@example.com', to: 'rcpt@example.com', subject: 'Hello', html: '<p>Hello</p>' };

describe('REST bridge contract', () => {
  let t: TestPlatform;
  let server: string;
  let sending: string;

  beforeAll(async () => {
    t = await startTestPlatform();
    server = await t.key('contract');
    sending = await t.key('contract', 'SENDING');
  });
  afterAll(() => t.stop());

  describe('X-Request-Id', () => {
    it('should echo a sane incoming id', async () => {
      const res = await t.request('GET', '/emails/messages', {
        key: server,
        headers: { 'x-request-id': 'abc-123.def' },
      });
      expect(res.headers.get('x-request-id')).toBe('abc-123.def');
    });

    it('should replace an unsafe one and set one on errors too', async () => {
      const res = await t.request('GET', '/nowhere', { headers: { 'x-request-id': 'bad id\twith spaces' } });
      expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9a-z]{26}$/);
    });
  });

  describe('authentication', () => {
    it('should answer 401 UNAUTHORIZED without a key', async () => {
      const res = await t.request('GET', '/emails/messages');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
    });

    it('should answer 401 for an unknown key', async () => {
      const res = await t.request('GET', '/emails/messages', { key: 'sk_srv_this_key_does_not_exist_at_all' });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    });

    it('should accept the key as X-API-Key as well as Bearer', async () => {
      const res = await t.request('GET', '/emails/messages', { headers: { 'x-api-key': server } });
      expect(res.status).toBe(200);
    });

    it('should let a SENDING key send but not read (403 FORBIDDEN)', async () => {
      const sent = await t.request('POST', '/emails', { key: sending, body: SEND });
      expect(sent.status).toBe(200);
      const read = await t.request('GET', '/emails/messages', { key: sending });
      expect(read.status).toBe(403);
      expect(read.body.error.code).toBe('FORBIDDEN');
    });

    it('should refuse a SERVER key without the email scope with 403', async () => {
      const crmOnly = await t.key('contract', 'SERVER', ['crm']);
      const res = await t.request('GET', '/emails/messages', { key: crmOnly });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    });
  });

  describe('errors', () => {
    it('should answer 404 NOT_FOUND for an unknown path, in the platform envelope', async () => {
      const res = await t.request('GET', '/emails/unknown/path', { key: server });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
    });

    it('should answer 405 for a wrong method with Allow', async () => {
      const res = await t.request('DELETE', '/emails/messages', { key: server });
      expect(res.status).toBe(405);
      expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
      expect(res.headers.get('allow')).toContain('GET');
    });

    it('should answer 400 INVALID_REQUEST for malformed JSON', async () => {
      const res = await t.request('POST', '/emails', {
        key: server,
        rawBody: '{"from": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    });

    it('should answer 413 for a body over the limit', async () => {
      const res = await t.request('POST', '/emails', {
        key: server,
        body: { ...SEND, html: 'x'.repeat(11 * 1024 * 1024) },
      });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('should answer 400 with details for a wrongly typed field', async () => {
      const res = await t.request('POST', '/emails', { key: server, body: { ...SEND, subject: 42 } });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toMatchObject({ field: 'subject', received: 42 });
    });

    it('should answer 400 with details for an invalid address', async () => {
      const res = await t.request('POST', '/emails', {
        key: server,
        body: { ...SEND, to: ['ok@example.com', 'not an address'] },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', details: { field: 'to' } });
    });

    it.each([
      ['[]', 'an array'],
      ['null', 'null'],
      ['"text"', 'a string'],
    ])('should answer 400, never 500, for a body of %s (%s)', async (raw) => {
      const res = await t.request('POST', '/emails', {
        key: server,
        rawBody: raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
    });

    it.each([
      [
        'headers over 16 KB',
        `GET /emails/messages HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'REQUEST_HEADERS_TOO_LARGE',
      ],
      ['a malformed request line', 'GET /emails messages HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'INVALID_REQUEST'],
    ])('should answer a request Node cannot parse (%s) in the platform envelope', async (_name, raw, status, code) => {
      const answer = await rawExchange(t.url, raw);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(JSON.parse(body!)).toEqual({ success: false, error: { code, message: expect.any(String) } });
    });

    it('should answer 404 for an unknown message id', async () => {
      const res = await t.request('GET', '/emails/messages/em_nope', { key: server });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    });
  });

  describe('pagination', () => {
    beforeAll(async () => {
      for (let i = 0; i < 3; i++) await t.request('POST', '/emails', { key: server, body: SEND });
    });

    it.each([
      ['count=0', 'count'],
      ['count=501', 'count'],
      ['offset=-1', 'offset'],
      ['count=abc', 'count'],
      ['limit=1000', 'limit'],
      ['page=0', 'page'],
    ])('should refuse %s with details naming %s', async (query, field) => {
      const res = await t.request('GET', `/emails/messages?${query}`, { key: server });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', details: { field } });
    });

    it('should page with count/offset and report hasMore', async () => {
      const first = await t.request('GET', '/emails/messages?count=2', { key: server });
      expect(first.body.meta).toEqual({ count: 2, offset: 0, total: expect.any(Number), hasMore: true });
      const total = first.body.meta.total;
      const last = await t.request('GET', `/emails/messages?count=2&offset=${total - 1}`, { key: server });
      expect(last.body.meta).toEqual({ count: 1, offset: total - 1, total, hasMore: false });
    });

    it('should accept page/limit as aliases', async () => {
      const res = await t.request('GET', '/emails/messages?limit=1&page=2', { key: server });
      expect(res.status).toBe(200);
      expect(res.body.meta).toMatchObject({ count: 1, offset: 1 });
    });

    it('should default to 100 items', async () => {
      const res = await t.request('GET', '/emails/messages', { key: server });
      expect(res.body.meta.offset).toBe(0);
      expect(res.body.data.length).toBe(Math.min(100, res.body.meta.total));
    });

    it('should validate status and dates with details', async () => {
      const status = await t.request('GET', '/emails/messages?status=LOST', { key: server });
      expect(status.status).toBe(400);
      expect(status.body.error.details).toMatchObject({
        field: 'status',
        received: 'LOST',
        expected: expect.arrayContaining(['DELIVERED']),
      });
      const date = await t.request('GET', '/emails/messages?fromDate=yesterday', { key: server });
      expect(date.status).toBe(400);
      expect(date.body.error.details).toMatchObject({ field: 'fromDate', received: 'yesterday' });
    });
  });

  describe('rate limit headers', () => {
    it('should be on every response, errors included', async () => {
      for (const res of [
        await t.request('GET', '/emails/messages', { key: server }),
        await t.request('GET', '/emails/messages'),
        await t.request('GET', '/nope', { key: server }),
      ]) {
        expect(Number(res.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
        expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
        expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);
      }
    });

    it('should apply the stricter of plan and endpoint: POST /emails is 50/s on Starter, not 100/s', async () => {
      const res = await t.request('POST', '/emails', { key: server, body: SEND });
      expect(res.headers.get('x-ratelimit-limit')).toBe('50');
    });
  });
});

/** Writes raw bytes to the platform's port and reads everything until the server closes the connection. */
function rawExchange(url: string, raw: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(raw));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}
