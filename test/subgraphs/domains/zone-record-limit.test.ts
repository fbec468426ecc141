import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { domainsModule } from '../../../subgraphs/domains/index.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { registerDomain, sqlRows } from './helpers/domain-fixtures.js';

describe('records per zone', () => {
  let t: TestPlatform;
  let key: string;
  const zone = 'full-zone.com';
  const add = (value: string) =>
    t.request('POST', `/domains/${zone}/dns`, { key, body: { type: 'A', name: 'www', value } });
  const count = async () =>
    (
      await sqlRows(
        t,
        'select count(*)::int as n from domains.dns_records r join domains.domains d on d.id = r.domain_id where d.domain_name = ?',
        [zone],
      )
    )[0].n;

  beforeAll(async () => {
    t = await startTestPlatform(
      { DNS_MAX_RECORDS_PER_ZONE: '3' },
      { modules: [emailModule(), domainsModule({ dns: false })] },
    );
    key = await t.key('zone-limit');
    await registerDomain(t, key, zone);
  });
  afterAll(() => t.stop());

  it('should take records up to the limit, exactly, when creates race for the last place', async () => {
    expect((await add('192.0.2.1')).status).toBe(201);
    expect((await add('192.0.2.2')).status).toBe(201);
    const racing = await Promise.all(['192.0.2.3', '192.0.2.4', '192.0.2.5', '192.0.2.6'].map(add));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(racing.find((r) => r.status === 409)!.body).toEqual({
      success: false,
      error: {
        code: 'CONFLICT',
        message: `${zone} holds its limit of 3 records; delete one before adding another`,
        details: { limit: 3 },
      },
    });
    expect(await count()).toBe(3);
  });

  it('should refuse a preset that would pass the limit and change nothing', async () => {
    const res = await t.request('POST', `/domains/${zone}/dns/presets`, { key, body: { preset: 'SERVICE_EMAIL' } });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'CONFLICT', details: { limit: 3 } });
    expect(await count()).toBe(3);
  });

  it('should take a record again once one is deleted', async () => {
    const records = (await t.request('GET', `/domains/${zone}/dns`, { key })).body.data;
    expect((await t.request('DELETE', `/domains/${zone}/dns/${records[0].id}`, { key })).status).toBe(200);
    expect((await add('192.0.2.9')).status).toBe(201);
  });
});
