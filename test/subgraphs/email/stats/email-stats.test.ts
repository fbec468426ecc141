import { startTestPlatform, eventually, type TestPlatform } from '../../../helpers/test-platform.js';

interface PastMessage {
  createdAt: string;
  status: 'QUEUED' | 'SENT' | 'DELIVERED' | 'BOUNCED' | 'FAILED';
  opened?: boolean;
  clicked?: boolean;
}

const zero = { total: 0, queued: 0, sent: 0, delivered: 0, bounced: 0, failed: 0, opened: 0, clicked: 0 };

describe('email stats through the stack', () => {
  let t: TestPlatform;
  let key: string;
  let today: string;
  let seq = 0;

  /** Messages on past days can only be written directly; their rows look as the send job leaves them. */
  async function insertMessages(orgSlug: string, messages: PastMessage[]) {
    const org = await t.platform.apiKeys.ensureOrganization(orgSlug);
    for (const m of messages) {
      await t.platform.orm.em.getConnection().execute(
        `insert into email.messages (id, organization_id, from_address, to_addresses, subject, status, created_at, opened_at, clicked_at, updated_at)
         values (?, ?, 'app@acme.example', array['to@example.com'], 'Past', ?, ?, ?, ?, ?)`,
        [
          `em_stats${String(++seq).padStart(22, '0')}`,
          org.id,
          m.status,
          m.createdAt,
          m.opened ? m.createdAt : null,
          m.clicked ? m.createdAt : null,
          m.createdAt,
        ],
      );
    }
  }

  beforeAll(async () => {
    t = await startTestPlatform();
    key = await t.key('stats');
    const sent: string[] = [];
    for (const to of ['a@example.com', 'b@example.com']) {
      sent.push(
        (
          await t.request('POST', '/emails', {
            key,
            body: { from: 'app@acme.example', to, subject: 'Now', html: '<p>now</p>' },
          })
        ).body.data.messageId,
      );
    }
    const delivered = await Promise.all(
      sent.map((id) =>
        eventually(async () => {
          const got = await t.request('GET', `/emails/messages/${id}`, { key });
          return got.body.data.status === 'DELIVERED' ? got.body.data : null;
        }),
      ),
    );
    today = delivered[0].createdAt.slice(0, 10);
    await insertMessages('stats', [
      { createdAt: '2025-03-01T10:00:00Z', status: 'DELIVERED', opened: true },
      { createdAt: '2025-03-01T11:00:00Z', status: 'DELIVERED', opened: true, clicked: true },
      { createdAt: '2025-03-01T12:00:00Z', status: 'BOUNCED' },
      // The last millisecond of a UTC day and the first of the next one.
      { createdAt: '2025-03-02T23:59:59.999Z', status: 'FAILED' },
      { createdAt: '2025-03-03T00:00:00Z', status: 'QUEUED' },
      { createdAt: '2025-03-03T05:00:00Z', status: 'SENT' },
    ]);
    await insertMessages('stats-other', [{ createdAt: '2025-03-01T09:00:00Z', status: 'FAILED' }]);
  });
  afterAll(() => t.stop());

  const march = [
    { ...zero, date: '2025-03-03', total: 2, queued: 1, sent: 1 },
    { ...zero, date: '2025-03-02', total: 1, failed: 1 },
    { ...zero, date: '2025-03-01', total: 3, delivered: 2, bounced: 1, opened: 2, clicked: 1 },
  ];

  describe('GET /emails/stats', () => {
    it('should answer one item per UTC day with messages, newest first, in the platform list envelope', async () => {
      const res = await t.request('GET', '/emails/stats', { key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: [{ ...zero, date: today, total: 2, delivered: 2 }, ...march],
        meta: { count: 4, offset: 0, total: 4, hasMore: false },
      });
    });

    it('should page with count and offset', async () => {
      const res = await t.request('GET', '/emails/stats?count=2&offset=1', { key });
      expect(res.body).toEqual({
        success: true,
        data: march.slice(0, 2),
        meta: { count: 2, offset: 1, total: 4, hasMore: true },
      });
    });

    it('should take a bare toDate as the whole UTC day and a date-time toDate as inclusive', async () => {
      const days = await t.request('GET', '/emails/stats?fromDate=2025-03-01&toDate=2025-03-02', { key });
      expect(days.body).toEqual({
        success: true,
        data: march.slice(1),
        meta: { count: 2, offset: 0, total: 2, hasMore: false },
      });
      const instant = await t.request(
        'GET',
        '/emails/stats?fromDate=2025-03-01T11:00:00Z&toDate=2025-03-02T23:59:59.998Z',
        { key },
      );
      expect(instant.body.data).toEqual([
        { ...zero, date: '2025-03-01', total: 2, delivered: 1, bounced: 1, opened: 1, clicked: 1 },
      ]);
    });

    it('should show another organization its own messages only', async () => {
      const other = await t.key('stats-other');
      const res = await t.request('GET', '/emails/stats', { key: other });
      expect(res.body).toEqual({
        success: true,
        data: [{ ...zero, date: '2025-03-01', total: 1, failed: 1 }],
        meta: { count: 1, offset: 0, total: 1, hasMore: false },
      });
      const empty = await t.request('GET', '/emails/stats', { key: await t.key('stats-empty') });
      expect(empty.body).toEqual({ success: true, data: [], meta: { count: 0, offset: 0, total: 0, hasMore: false } });
    });

    describe('bad parameters', () => {
      // Its own organization: GET /emails/stats allows 10 requests per second per organization.
      let badKey: string;
      beforeAll(async () => {
        badKey = await t.key('stats-bad');
      });

      it.each([
        ['count=0', { field: 'count', received: 0, expected: '1..500' }],
        ['count=501', { field: 'count', received: 501, expected: '1..500' }],
        ['fromDate=last-week', { field: 'fromDate', received: 'last-week' }],
        ['toDate=2025-02-30T99:00:00Z', { field: 'toDate', received: '2025-02-30T99:00:00Z' }],
        ['fromDate=2025-03-02&toDate=2025-03-01', { field: 'fromDate' }],
      ])('should refuse %s with 400 and details', async (query, details) => {
        const res = await t.request('GET', `/emails/stats?${query}`, { key: badKey });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          error: { code: 'INVALID_REQUEST', message: expect.any(String), details: expect.objectContaining(details) },
        });
      });

      it('should answer 403 to a SENDING key', async () => {
        const res = await t.request('GET', '/emails/stats', { key: await t.key('stats-bad', 'SENDING') });
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
      });
    });

    it('should hold callers to 10 requests per second', async () => {
      const burstKey = await t.key('stats-burst');
      const first = await t.request('GET', '/emails/stats', { key: burstKey });
      expect(first.headers.get('x-ratelimit-limit')).toBe('10');
      // 25 at once span at most two one-second windows, so at most 20 of them can pass.
      const burst = await Promise.all(
        Array.from({ length: 25 }, () => t.request('GET', '/emails/stats', { key: burstKey })),
      );
      const limited = burst.filter((r) => r.status === 429);
      expect(limited.length).toBeGreaterThanOrEqual(5);
      expect(burst.every((r) => r.status === 200 || r.status === 429)).toBe(true);
      expect(limited[0]!.body).toEqual({
        success: false,
        error: { code: 'RATE_LIMITED', message: expect.any(String), details: { retryAfter: expect.any(Number) } },
      });
      expect(limited[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(limited[0]!.headers.get('x-ratelimit-remaining')).toBe('0');
    });
  });

  describe('GraphQL', () => {
    it('should answer emailStats', async () => {
      const res = await t.graphql(
        key,
        '{ emailStats(fromDate: "2025-03-01", toDate: "2025-03-03", limit: 2) { data { date total queued sent delivered bounced failed opened clicked } meta { count offset total hasMore } } }',
      );
      expect(res.body).toEqual({
        data: { emailStats: { data: march.slice(0, 2), meta: { count: 2, offset: 0, total: 3, hasMore: true } } },
      });
    });

    it('should answer emailStatusCounts per day and status, newest day first', async () => {
      const query =
        'query($from: String, $to: String) { emailStatusCounts(fromDate: $from, toDate: $to) { date status count } }';
      const march3 = await t.graphql(key, query, { from: '2025-03-01', to: '2025-03-03' });
      expect(march3.body).toEqual({
        data: {
          emailStatusCounts: [
            { date: '2025-03-03', status: 'QUEUED', count: 1 },
            { date: '2025-03-03', status: 'SENT', count: 1 },
            { date: '2025-03-02', status: 'FAILED', count: 1 },
            { date: '2025-03-01', status: 'BOUNCED', count: 1 },
            { date: '2025-03-01', status: 'DELIVERED', count: 2 },
          ],
        },
      });
      // Without dates: the last 30 days.
      const recent = await t.graphql(key, '{ emailStatusCounts { date status count } }');
      expect(recent.body).toEqual({ data: { emailStatusCounts: [{ date: today, status: 'DELIVERED', count: 2 }] } });
      // A leap year is 366 days: allowed.
      const leapYear = await t.graphql(key, query, { from: '2024-01-01', to: '2024-12-31' });
      expect(leapYear.body).toEqual({ data: { emailStatusCounts: [] } });
    });

    it.each([
      ['367 days', { from: '2024-01-01', to: '2025-01-01' }, { field: 'toDate', received: '2025-01-01' }],
      ['an open range over 366 days', { from: '2024-01-01' }, { field: 'fromDate', received: '2024-01-01' }],
      ['a bad date', { from: 'soon' }, { field: 'fromDate', received: 'soon' }],
      ['a reversed range', { from: '2025-03-02', to: '2025-03-01' }, { field: 'fromDate' }],
    ])(
      'should refuse emailStatusCounts over %s with INVALID_REQUEST and details',
      async (_case, variables, details) => {
        const res = await t.graphql(
          key,
          'query($from: String, $to: String) { emailStatusCounts(fromDate: $from, toDate: $to) { date } }',
          variables,
        );
        expect(res.body.data).toBeNull();
        expect(res.body.errors).toHaveLength(1);
        expect(res.body.errors[0].extensions).toMatchObject({ code: 'INVALID_REQUEST', details });
      },
    );
  });
});
