import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

// List SELECTs are built once per filter shape and reused with each request's values (platform/orm/page-statements.ts),
// and bridge reads skip the gateway after their first request (gateway/bridge-executor.ts): the second organization's
// requests run on what the first one's built, and must still see only their own rows.
describe('cached list statements and the bridge shortcut keep each organization to its rows', () => {
  let t: TestPlatform;
  let acme: string;
  let globex: string;

  const send = (key: string, subject: string) =>
    t.request('POST', '/emails', {
      key,
      body: { from: 'a@example.com', to: 'b@example.com', subject, html: '<p>x</p>' },
    });
  const subjects = async (key: string, query: string) => {
    const res = await t.request('GET', `/emails/messages?${query}`, { key });
    expect(res.status).toBe(200);
    return {
      subjects: (res.body.data as { subject: string }[]).map((m) => m.subject).sort(),
      total: res.body.meta.total,
    };
  };

  beforeAll(async () => {
    t = await startTestPlatform();
    acme = await t.key('acme');
    globex = await t.key('globex');
    for (const subject of ['acme 1', 'acme 2', 'acme 3']) expect((await send(acme, subject)).status).toBe(200);
    for (const subject of ['globex 1', 'globex 2']) expect((await send(globex, subject)).status).toBe(200);
  });
  afterAll(() => t.stop());

  it('should list each organization its own messages, whichever asked first, on every repeat', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await subjects(acme, 'count=20')).toEqual({ subjects: ['acme 1', 'acme 2', 'acme 3'], total: 3 });
      expect(await subjects(globex, 'count=20')).toEqual({ subjects: ['globex 1', 'globex 2'], total: 2 });
    }
  });

  it("should bind each request's own page and filter values into the cached statement", async () => {
    expect(await subjects(acme, 'count=1&offset=0')).toEqual({ subjects: [expect.stringMatching(/^acme /)], total: 3 });
    const pages = [];
    for (let offset = 0; offset < 3; offset++)
      pages.push(...(await subjects(acme, `count=1&offset=${offset}`)).subjects);
    expect(pages.sort()).toEqual(['acme 1', 'acme 2', 'acme 3']);
    expect(await subjects(globex, 'count=1&offset=1')).toEqual({
      subjects: [expect.stringMatching(/^globex /)],
      total: 2,
    });
    // Past the last page: no row carries the total, which is counted apart.
    expect(await subjects(globex, 'count=5&offset=5')).toEqual({ subjects: [], total: 2 });
    // A status filter is a shape of its own: FAILED matches none of either organization's messages.
    expect(await subjects(acme, 'count=20&status=FAILED')).toEqual({ subjects: [], total: 0 });
    await eventually(
      async () =>
        (await subjects(acme, 'count=20&status=DELIVERED')).total === 3 &&
        (await subjects(globex, 'count=20&status=DELIVERED')).total === 2,
    );
    expect(await subjects(globex, 'count=20&status=DELIVERED')).toEqual({
      subjects: ['globex 1', 'globex 2'],
      total: 2,
    });
    expect(await subjects(acme, 'count=20&status=DELIVERED')).toEqual({
      subjects: ['acme 1', 'acme 2', 'acme 3'],
      total: 3,
    });
  });

  it("should still answer a refused read with the gateway's 400 in the envelope, repeatedly", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.request('GET', '/emails/messages?count=501', { key: globex });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: {
          code: 'INVALID_REQUEST',
          message: expect.any(String),
          details: { field: 'count', received: 501, expected: '1..500' },
        },
      });
    }
  });
});
