import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { domainsModule } from '../../../subgraphs/domains/index.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { eventsOf, registerDomain, sqlRows } from './helpers/domain-fixtures.js';

describe('DNS records API', () => {
  let t: TestPlatform;
  let key: string;
  const zone = 'records-zone.com';
  const add = (body: Record<string, unknown>, k = key) => t.request('POST', `/domains/${zone}/dns`, { key: k, body });
  const serial = async () =>
    Number((await sqlRows(t, 'select soa_serial from domains.domains where domain_name = ?', [zone]))[0].soa_serial);

  beforeAll(async () => {
    t = await startTestPlatform(
      { INBOUND_MX_HOST: 'inbound.mail.example', DOMAINS_SPF_INCLUDE: 'spf.mail.example' },
      { modules: [emailModule(), domainsModule({ dns: false })] },
    );
    key = await t.key('dns-records');
    await registerDomain(t, key, zone);
  });
  afterAll(() => t.stop());

  it('should store each type in canonical form, bump the SOA serial and emit dns.changed', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { type: 'A', name: '@', value: '192.0.2.10' },
        { name: '@', fqdn: zone, value: '192.0.2.10', ttl: 3600, priority: null },
      ],
      [
        { type: 'aaaa', name: 'WWW', value: '2001:DB8:0:0::1', ttl: 300 },
        { type: 'AAAA', name: 'www', value: '2001:db8::1', ttl: 300 },
      ],
      [
        { type: 'CNAME', name: `blog.${zone}`, value: 'hosting.example.net.' },
        { name: 'blog', value: 'hosting.example.net' },
      ],
      [
        { type: 'MX', value: 'mx1.example.net', priority: 10 },
        { name: '@', value: 'mx1.example.net', priority: 10 },
      ],
      // As zone files write it (and as mail setup guides give it): the priority inside the value.
      [
        { type: 'MX', name: 'mail', value: '20 mx2.example.net' },
        { name: 'mail', value: 'mx2.example.net', priority: 20 },
      ],
      [{ type: 'TXT', name: '_verify', value: '"hello world"' }, { value: 'hello world' }],
      [
        { type: 'NS', name: 'sub', value: 'ns1.other.example' },
        { name: 'sub', value: 'ns1.other.example' },
      ],
      [
        { type: 'SRV', name: '_sip._tcp', value: '5 5060 sip.example.net', priority: 10 },
        { value: '5 5060 sip.example.net', priority: 10 },
      ],
      [{ type: 'CAA', value: '0 issue letsencrypt.org' }, { value: '0 issue "letsencrypt.org"' }],
    ];
    for (const [body, expected] of cases) {
      const before = await serial();
      const res = await add(body);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject(expected);
      expect(await serial()).toBeGreaterThan(before);
    }
    const events = await eventsOf(t, 'dns.changed', zone);
    expect(events).toHaveLength(cases.length);
    expect(events[0]!.data).toMatchObject({
      domain: { domainName: zone, status: 'ACTIVE' },
      action: 'created',
      record: { type: 'A', value: '192.0.2.10' },
    });
  });

  it('should refuse invalid records per type with INVALID_DNS_RECORD and change nothing', async () => {
    const before = await sqlRows(t, 'select count(*)::int as n from domains.dns_records');
    const bad: Record<string, unknown>[] = [
      { type: 'A', value: '300.1.1.1' },
      { type: 'A', value: '2001:db8::1' },
      { type: 'AAAA', value: '192.0.2.1' },
      { type: 'CNAME', name: '@', value: 'x.example.net' },
      { type: 'CNAME', name: 'www', value: 'x.example.net' },
      { type: 'A', name: 'blog', value: '192.0.2.1' },
      { type: 'MX', value: 'mx.example.net' },
      { type: 'MX', value: 'not a host', priority: 1 },
      { type: 'MX', name: 'mail3', value: '10 mx.example.net', priority: 20 },
      { type: 'TXT', value: 'x', priority: 3 },
      { type: 'A', value: '192.0.2.1', ttl: 59 },
      { type: 'A', value: '192.0.2.1', ttl: 86_401 },
      { type: 'NS', name: '@', value: 'ns.example.net' },
      { type: 'SRV', name: 'sip', value: '5 5060 sip.example.net', priority: 1 },
      { type: 'SRV', name: '_sip._tcp', value: '5 99999 sip.example.net', priority: 1 },
      { type: 'CAA', value: '0 policy "x"' },
      { type: 'PTR', value: 'x.example.net' },
      { type: 'A', name: 'bad name!', value: '192.0.2.1' },
      { type: 'A', name: '*', value: '192.0.2.1' },
      { type: 'TXT', value: 'x'.repeat(4001) },
      { type: 'MX', value: '192.0.2.25', priority: 10 },
      { type: 'MX', value: '192.0.2.25.', priority: 10 },
      { type: 'CNAME', name: 'alias-ip', value: '198.51.100.7' },
      { type: 'SRV', name: '_xmpp._tcp', value: '5 5222 192.0.2.5', priority: 1 },
      { type: 'CNAME', name: 'self', value: `self.${zone}` },
    ];
    for (const body of bad) {
      const res = await add(body);
      expect([res.status, res.body.error?.code, JSON.stringify(body)]).toEqual([
        400,
        'INVALID_DNS_RECORD',
        JSON.stringify(body),
      ]);
    }
    expect(await sqlRows(t, 'select count(*)::int as n from domains.dns_records')).toEqual(before);
  });

  it('should refuse a CNAME that closes a loop inside the zone, and keep a chain that ends', async () => {
    expect((await add({ type: 'CNAME', name: 'loop-a', value: `loop-b.${zone}` })).status).toBe(201);
    expect((await add({ type: 'CNAME', name: 'loop-b', value: `loop-c.${zone}` })).status).toBe(201);
    const closing = await add({ type: 'CNAME', name: 'loop-c', value: `loop-a.${zone}` });
    expect([closing.status, closing.body.error.code, closing.body.error.details.field]).toEqual([
      400,
      'INVALID_DNS_RECORD',
      'value',
    ]);
    expect((await add({ type: 'CNAME', name: 'loop-c', value: 'elsewhere.example.net' })).status).toBe(201);
  });

  it('should refuse an exact duplicate with DNS_RECORD_EXISTS, also after normalisation', async () => {
    const res = await add({ type: 'A', name: zone.toUpperCase(), value: '192.0.2.10' });
    expect([res.status, res.body.error.code]).toEqual([409, 'DNS_RECORD_EXISTS']);
    expect((await add({ type: 'A', name: '@', value: '192.0.2.11' })).status).toBe(201);
  });

  it('should keep TXT values longer than 255 bytes whole', async () => {
    const long = `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`;
    const res = await add({ type: 'TXT', name: 'long', value: long });
    expect(res.body.data.value).toBe(long);
  });

  it('should list with ?type= and paginate', async () => {
    const a = await t.request('GET', `/domains/${zone}/dns?type=a`, { key });
    expect(a.body.data.map((r: any) => r.value).sort()).toEqual(['192.0.2.10', '192.0.2.11']);
    const page = await t.request('GET', `/domains/${zone}/dns?count=3&offset=0`, { key });
    expect(page.body.meta).toMatchObject({ count: 3, offset: 0, hasMore: true });
    expect((await t.request('GET', `/domains/${zone}/dns?type=SOA`, { key })).status).toBe(400);
  });

  it('should update and delete a record, each a change of the zone', async () => {
    const created = await add({ type: 'A', name: 'api', value: '192.0.2.50' });
    const id = created.body.data.id;
    const updated = await t.request('PATCH', `/domains/${zone}/dns/${id}`, {
      key,
      body: { value: '192.0.2.51', ttl: 120 },
    });
    expect(updated.body.data).toMatchObject({ id, type: 'A', name: 'api', value: '192.0.2.51', ttl: 120 });
    const badUpdate = await t.request('PATCH', `/domains/${zone}/dns/${id}`, { key, body: { value: 'nope' } });
    expect(badUpdate.body.error.code).toBe('INVALID_DNS_RECORD');
    const before = await serial();
    expect((await t.request('DELETE', `/domains/${zone}/dns/${id}`, { key })).body.data).toEqual({ id, deleted: true });
    expect(await serial()).toBeGreaterThan(before);
    expect((await t.request('DELETE', `/domains/${zone}/dns/${id}`, { key })).status).toBe(404);
    const deleted = (await eventsOf(t, 'dns.changed', zone)).at(-1)!;
    expect(deleted.data).toMatchObject({ action: 'deleted', record: { id, value: '192.0.2.51' } });
  });

  it('should apply SERVICE_EMAIL once: SPF, a fresh DKIM key, DMARC and MX to the inbound host', async () => {
    const res = await t.request('POST', `/domains/${zone}/dns/presets`, { key, body: { preset: 'SERVICE_EMAIL' } });
    expect(res.status).toBe(201);
    const records = res.body.data.records;
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'TXT', name: '@', value: 'v=spf1 include:spf.mail.example ~all' }),
        expect.objectContaining({
          type: 'TXT',
          name: '_dmarc',
          value: `v=DMARC1; p=none; rua=mailto:dmarc-reports@${zone}`,
        }),
        expect.objectContaining({ type: 'MX', name: '@', value: 'inbound.mail.example', priority: 10 }),
      ]),
    );
    const dkim = records.find((r: any) => r.name === 'pf1._domainkey');
    expect(dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(res.body.data.created).toHaveLength(4);
    const again = await t.request('POST', `/domains/${zone}/dns/presets`, { key, body: { preset: 'SERVICE_EMAIL' } });
    expect(again.body.data.created).toEqual([]);
    expect(again.body.data.records.find((r: any) => r.name === 'pf1._domainkey').value).toBe(dkim.value);
    // The key is platform data (platform/mail/dkim-keys.ts, the one the email module signs with), its private half sealed at rest.
    const stored = await sqlRows(
      t,
      'select selector, private_key_sealed, public_key from platform.dkim_keys where domain = ?',
      [zone],
    );
    expect(stored).toEqual([
      { selector: 'pf1', private_key_sealed: expect.stringMatching(/^v1\./), public_key: dkim.value.split('p=')[1] },
    ]);
    expect((await t.request('POST', `/domains/${zone}/dns/presets`, { key, body: { preset: 'WEB' } })).status).toBe(
      400,
    );
  });

  it('should keep other organizations out of the zone', async () => {
    const other = await t.key('dns-records-other');
    expect((await t.request('GET', `/domains/${zone}/dns`, { key: other })).status).toBe(404);
    expect((await add({ type: 'A', value: '192.0.2.99' }, other)).status).toBe(404);
  });
});
