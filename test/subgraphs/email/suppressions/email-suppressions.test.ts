import { startTestPlatform, eventually, type TestPlatform } from '../../../helpers/test-platform.js';
import { recordStatements } from '../../../helpers/sent-statements.js';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const SUPPRESSION_ID = expect.stringMatching(/^sup_[0-9a-z]{26}$/);

describe('email suppressions through the stack', () => {
  let t: TestPlatform;
  // Each block below runs as its own organization, so one block's requests never count against another's rate limits.
  let key: string;

  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterAll(() => t.stop());

  const add = (body: unknown, k = key) => t.request('POST', '/emails/suppressions', { key: k, body });
  const send = (to: string | string[], extra: Record<string, unknown> = {}, k = key) =>
    t.request('POST', '/emails', {
      key: k,
      body: { from: 'app@acme.example', to, subject: 'Hi', html: '<p>Hi</p>', ...extra },
    });

  describe('POST /emails/suppressions', () => {
    beforeAll(async () => {
      key = await t.key('sup-add');
    });

    it('should add a normalised address with reason MANUAL and answer 201', async () => {
      const res = await add({ email: 'Jane Doe <Jane.Doe@Example.COM>' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        data: {
          id: SUPPRESSION_ID,
          email: 'jane.doe@example.com',
          reason: 'MANUAL',
          sourceMessageId: null,
          createdAt: ISO,
        },
      });
    });

    it('should be idempotent: adding an address again returns the entry as it is', async () => {
      const first = await add({ email: 'twice@example.com', reason: 'UNSUBSCRIBE' });
      const second = await add({ email: 'TWICE@example.com', reason: 'MANUAL' });
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(second.body.data.reason).toBe('UNSUBSCRIBE');
      const list = await t.request('GET', '/emails/suppressions', { key });
      expect(list.body.data.filter((s: { email: string }) => s.email === 'twice@example.com')).toHaveLength(1);
    });

    it.each([
      ['an invalid address', { email: 'not-an-address' }, { field: 'email', received: 'not-an-address' }],
      [
        'two addresses',
        { email: 'a@example.com, b@example.com' },
        { field: 'email', received: 'a@example.com, b@example.com' },
      ],
      ['a missing email', { reason: 'MANUAL' }, { field: 'email', received: null }],
      [
        'an unknown reason',
        { email: 'ok@example.com', reason: 'BORED' },
        { field: 'reason', received: 'BORED', expected: ['HARD_BOUNCE', 'SPAM_COMPLAINT', 'UNSUBSCRIBE', 'MANUAL'] },
      ],
      ['an email of the wrong type', { email: 42 }, { field: 'email', received: 42 }],
    ])('should refuse %s with 400 and details', async (_case, body, details) => {
      const res = await add(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: {
          code: 'INVALID_REQUEST',
          message: expect.any(String),
          details: { expected: expect.anything(), ...details },
        },
      });
    });
  });

  describe('sending to a suppressed address', () => {
    beforeAll(async () => {
      key = await t.key('sup-send');
    });

    it('should refuse the send with 422 RECIPIENT_SUPPRESSED, and accept it after DELETE', async () => {
      expect((await add({ email: 'blocked@example.com' })).status).toBe(201);

      const refused = await send('Blocked Person <BLOCKED@example.com>');
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        success: false,
        error: {
          code: 'RECIPIENT_SUPPRESSED',
          message: expect.any(String),
          details: expect.objectContaining({ field: 'to', received: 'blocked@example.com', reason: 'MANUAL' }),
        },
      });
      // cc and bcc recipients are checked too.
      expect((await send('fine@example.com', { bcc: 'blocked@example.com' })).status).toBe(422);
      const listed = await t.request('GET', '/emails/messages', { key });
      expect(listed.body.meta.total).toBe(0);

      const removed = await t.request('DELETE', '/emails/suppressions/Blocked%40Example.com', { key });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ success: true, data: true });

      const accepted = await send('blocked@example.com');
      expect(accepted.status).toBe(200);
      expect(accepted.body).toEqual({
        success: true,
        data: { messageId: expect.stringMatching(/^em_/), status: 'QUEUED' },
      });
      await eventually(
        async () =>
          (await t.request('GET', `/emails/messages/${accepted.body.data.messageId}`, { key })).body.data.status ===
          'DELIVERED',
      );
    });

    it("should check every recipient in one bound statement against its own organization's list only", async () => {
      expect((await add({ email: 'only-here@example.com' })).status).toBe(201);
      const statements = recordStatements();
      try {
        const refused = await send('first@example.com', { cc: 'second@example.com', bcc: 'ONLY-HERE@example.com' });
        expect(refused.status).toBe(422);
        expect(refused.body.error.details).toMatchObject({ received: 'only-here@example.com', reason: 'MANUAL' });
        const checks = statements.texts().filter((text) => text.includes('suppressions'));
        expect(checks).toHaveLength(1);
        expect(checks[0]).not.toContain('example.com'); // the addresses travel as bound values
      } finally {
        statements.stop();
      }
      // Another organization's sends to that address are not refused.
      const other = await t.key('sup-send-other');
      expect((await send('only-here@example.com', {}, other)).status).toBe(200);
    });

    it('should answer 404 when removing an address that is not suppressed, and 400 for a malformed one', async () => {
      const missing = await t.request('DELETE', '/emails/suppressions/nobody@example.com', { key });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
      const malformed = await t.request('DELETE', '/emails/suppressions/nobody', { key });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toMatchObject({
        code: 'INVALID_REQUEST',
        details: { field: 'email', received: 'nobody' },
      });
    });
  });

  describe('GET /emails/suppressions', () => {
    const added: Record<string, string> = {};

    beforeAll(async () => {
      key = await t.key('sup-list');
      for (const [email, reason] of [
        ['one@example.com', 'MANUAL'],
        ['two@example.com', 'UNSUBSCRIBE'],
        ['three@example.com', 'MANUAL'],
      ]) {
        added[email] = (await add({ email, reason })).body.data.id;
      }
    });

    it('should list newest first in the platform list envelope', async () => {
      const res = await t.request('GET', '/emails/suppressions', { key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: [
          {
            id: added['three@example.com'],
            email: 'three@example.com',
            reason: 'MANUAL',
            sourceMessageId: null,
            createdAt: ISO,
          },
          {
            id: added['two@example.com'],
            email: 'two@example.com',
            reason: 'UNSUBSCRIBE',
            sourceMessageId: null,
            createdAt: ISO,
          },
          {
            id: added['one@example.com'],
            email: 'one@example.com',
            reason: 'MANUAL',
            sourceMessageId: null,
            createdAt: ISO,
          },
        ],
        meta: { count: 3, offset: 0, total: 3, hasMore: false },
      });
    });

    it('should filter by reason and page', async () => {
      const manual = await t.request('GET', '/emails/suppressions?reason=MANUAL&count=1', { key });
      expect(manual.body.data.map((s: { email: string }) => s.email)).toEqual(['three@example.com']);
      expect(manual.body.meta).toEqual({ count: 1, offset: 0, total: 2, hasMore: true });
      const next = await t.request('GET', '/emails/suppressions?reason=MANUAL&limit=1&page=2', { key });
      expect(next.body.data.map((s: { email: string }) => s.email)).toEqual(['one@example.com']);
      expect(next.body.meta).toEqual({ count: 1, offset: 1, total: 2, hasMore: false });
    });

    it.each([
      [
        'reason=BORED',
        { field: 'reason', received: 'BORED', expected: ['HARD_BOUNCE', 'SPAM_COMPLAINT', 'UNSUBSCRIBE', 'MANUAL'] },
      ],
      ['count=0', { field: 'count', received: 0, expected: '1..500' }],
      ['count=501', { field: 'count', received: 501, expected: '1..500' }],
      ['page=0', { field: 'page', received: 0 }],
    ])('should refuse %s with 400 and details', async (query, details) => {
      const res = await t.request('GET', `/emails/suppressions?${query}`, { key });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: { code: 'INVALID_REQUEST', message: expect.any(String), details: expect.objectContaining(details) },
      });
    });
  });

  describe('tenancy and permissions', () => {
    beforeAll(async () => {
      key = await t.key('sup-tenant');
    });

    it('should keep one organization’s suppressions from another', async () => {
      await add({ email: 'private@example.com' });
      const other = await t.key('sup-tenant-other');

      const list = await t.request('GET', '/emails/suppressions', { key: other });
      expect(list.body).toEqual({ success: true, data: [], meta: { count: 0, offset: 0, total: 0, hasMore: false } });
      expect((await t.request('DELETE', '/emails/suppressions/private@example.com', { key: other })).status).toBe(404);
      // The list is the organization's own: the other one may still send to the address.
      expect((await send('private@example.com', {}, other)).status).toBe(200);

      expect(
        (await t.request('GET', '/emails/suppressions', { key })).body.data.map((s: { email: string }) => s.email),
      ).toEqual(['private@example.com']);
      expect((await send('private@example.com')).status).toBe(422);
    });

    it('should answer 403 to a SENDING key', async () => {
      const sending = await t.key('sup-tenant', 'SENDING');
      for (const [method, path, body] of [
        ['GET', '/emails/suppressions'],
        ['POST', '/emails/suppressions', { email: 'x@example.com' }],
        ['DELETE', '/emails/suppressions/private@example.com'],
      ] as const) {
        const res = await t.request(method, path, { key: sending, body });
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
      }
    });
  });

  describe('GraphQL', () => {
    it('should answer emailSuppressions and run add and remove', async () => {
      const gqlKey = await t.key('sup-graphql');
      const added = await t.graphql(
        gqlKey,
        'mutation { addEmailSuppression(email: "G@Example.com", reason: "SPAM_COMPLAINT") { id email reason } }',
      );
      expect(added.body).toEqual({
        data: { addEmailSuppression: { id: SUPPRESSION_ID, email: 'g@example.com', reason: 'SPAM_COMPLAINT' } },
      });

      const list = await t.graphql(
        gqlKey,
        '{ emailSuppressions(reason: "SPAM_COMPLAINT") { data { email reason createdAt } meta { count offset total hasMore } } }',
      );
      expect(list.body).toEqual({
        data: {
          emailSuppressions: {
            data: [{ email: 'g@example.com', reason: 'SPAM_COMPLAINT', createdAt: ISO }],
            meta: { count: 1, offset: 0, total: 1, hasMore: false },
          },
        },
      });

      const removed = await t.graphql(gqlKey, 'mutation { removeEmailSuppression(email: "g@example.com") }');
      expect(removed.body).toEqual({ data: { removeEmailSuppression: true } });
      const again = await t.graphql(gqlKey, 'mutation { removeEmailSuppression(email: "g@example.com") }');
      expect(again.body.errors[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
