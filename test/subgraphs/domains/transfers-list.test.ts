import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { domainsModule } from '../../../subgraphs/domains/index.js';
import { REGISTRANT, sqlRows } from './helpers/domain-fixtures.js';

describe('GET /domains/transfers: the organization’s transfers in', () => {
  let t: TestPlatform;
  let mine: string;
  let theirs: string;
  const transfer = (key: string, domainName: string) =>
    t.request('POST', '/domains/transfer', {
      key,
      body: { domainName, authCode: 'moving-code-1', registrant: REGISTRANT },
    });

  beforeAll(async () => {
    t = await startTestPlatform(
      { DOMAIN_TRANSFER_DELAY_SECONDS: '3600' },
      { modules: [domainsModule({ dns: false })] },
    );
    mine = await t.key('xfer-list-mine');
    theirs = await t.key('xfer-list-theirs');
  });
  afterAll(() => t.stop());

  it('should list only this organization’s transfers, newest first, paginated, filtered by status', async () => {
    const ids: string[] = [];
    for (const name of ['first-taken.com', 'second-taken.com', 'third-taken.com']) {
      const started = await transfer(mine, name);
      expect(started.status).toBe(202);
      ids.push(started.body.data.id);
    }
    expect((await transfer(theirs, 'other-org-taken.com')).status).toBe(202);
    const cancelled = await t.request('DELETE', `/domains/transfers/${ids[0]}`, { key: mine });
    expect(cancelled.body.data.status).toBe('CANCELLED');

    const all = await t.request('GET', '/domains/transfers', { key: mine });
    expect(all.status).toBe(200);
    expect(all.body.data.map((x: { domainName: string }) => x.domainName)).toEqual([
      'third-taken.com',
      'second-taken.com',
      'first-taken.com',
    ]);
    expect(all.body.meta).toEqual({ count: 3, offset: 0, total: 3, hasMore: false });
    expect(all.body.data[0]).toMatchObject({ id: ids[2], status: 'PENDING', price: 12.99, completedAt: null });

    const page = await t.request('GET', '/domains/transfers?limit=1&page=2', { key: mine });
    expect(page.body.data.map((x: { id: string }) => x.id)).toEqual([ids[1]]);
    expect(page.body.meta).toEqual({ count: 1, offset: 1, total: 3, hasMore: true });

    const pending = await t.request('GET', '/domains/transfers?status=PENDING', { key: mine });
    expect(pending.body.data.map((x: { id: string }) => x.id)).toEqual([ids[2], ids[1]]);
    const done = await t.request('GET', '/domains/transfers?status=CANCELLED', { key: mine });
    expect(done.body.data.map((x: { id: string }) => x.id)).toEqual([ids[0]]);

    const other = await t.request('GET', '/domains/transfers', { key: theirs });
    expect(other.body.data.map((x: { domainName: string }) => x.domainName)).toEqual(['other-org-taken.com']);
    expect(JSON.stringify(other.body)).not.toContain('first-taken.com');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    ['page=0', 'page'],
    ['limit=abc', 'limit'],
    ['offset=1&page=2', 'page'],
    ['status=LOST', 'status'],
  ])('should refuse %s with a 400 naming the field', async (query, field) => {
    const before = await sqlRows(t, 'select id, status, updated_at from domains.transfers order by id');
    const res = await t.request('GET', `/domains/transfers?${query}`, { key: mine });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toMatch(/^(INVALID_REQUEST|VALIDATION_ERROR)$/);
    expect(JSON.stringify(res.body.error)).toContain(field);
    expect(await sqlRows(t, 'select id, status, updated_at from domains.transfers order by id')).toEqual(before);
  });

  it('should refuse a key without the domains scope and a missing key', async () => {
    const narrow = await t.key('xfer-list-mine', 'SERVER', ['email']);
    expect((await t.request('GET', '/domains/transfers', { key: narrow })).status).toBe(403);
    expect((await t.request('GET', '/domains/transfers')).status).toBe(401);
  });
});
