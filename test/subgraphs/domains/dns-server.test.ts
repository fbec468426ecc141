import { Resolver } from 'node:dns/promises';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { domainsModule } from '../../../subgraphs/domains/index.js';
import { dnskeyRdata, dsDigest, keyTag, verifyRrsig } from '../../../subgraphs/domains/dnssec/dnssec-crypto.js';
import { compareNames } from '../../../subgraphs/domains/dns-server/canonical-order.js';
import { eventsOf, registerDomain, sqlRows } from './helpers/domain-fixtures.js';
import { askTcp, askUdp, askUdpWithCookie } from './helpers/dns-client.js';

describe("authoritative DNS server (UDP and TCP) answering the API's zones", () => {
  let t: TestPlatform;
  let key: string;
  let port: number;
  let resolver: Resolver;
  const zone = 'served-zone.com';
  const add = (body: Record<string, unknown>, name = zone) => t.request('POST', `/domains/${name}/dns`, { key, body });

  beforeAll(async () => {
    t = await startTestPlatform(
      { DNS_PORT: '0', DNS_RATE_LIMIT: '0', DNS_NAMESERVERS: 'ns1.platform.test,ns2.platform.test' },
      { modules: [domainsModule()] },
    );
    port = t.platform.listeners.find((l) => l.name === 'dns')!.address!.port;
    resolver = new Resolver({ timeout: 2000, tries: 2 });
    resolver.setServers([`127.0.0.1:${port}`]);
    key = await t.key('dns-server');
    await registerDomain(t, key, zone);
    for (const body of [
      { type: 'A', name: '@', value: '192.0.2.1' },
      { type: 'A', name: 'www', value: '192.0.2.10' },
      { type: 'AAAA', name: 'www', value: '2001:db8::10' },
      { type: 'CNAME', name: 'blog', value: `www.${zone}` },
      { type: 'MX', name: '@', value: `mail.${zone}`, priority: 10 },
      { type: 'TXT', name: '@', value: 'v=spf1 -all' },
      { type: 'SRV', name: '_sip._tcp', value: '5 5060 sip.example.net', priority: 10 },
      { type: 'CAA', name: '@', value: '0 issue "letsencrypt.org"' },
      { type: 'A', name: 'deep.a.b', value: '192.0.2.77' },
    ])
      expect((await add(body)).status).toBe(201);
  });
  afterAll(() => t.stop());

  it('should resolve every record type the API stored, with node:dns over UDP', async () => {
    expect(await resolver.resolve4(zone)).toEqual(['192.0.2.1']);
    expect(await resolver.resolve4(`www.${zone}`, { ttl: true })).toEqual([{ address: '192.0.2.10', ttl: 3600 }]);
    expect(await resolver.resolve6(`WWW.${zone.toUpperCase()}`)).toEqual(['2001:db8::10']);
    expect(await resolver.resolveCname(`blog.${zone}`)).toEqual([`www.${zone}`]);
    expect(await resolver.resolveMx(zone)).toEqual([{ exchange: `mail.${zone}`, priority: 10 }]);
    expect(await resolver.resolveTxt(zone)).toEqual([['v=spf1 -all']]);
    expect(await resolver.resolveSrv(`_sip._tcp.${zone}`)).toEqual([
      { name: 'sip.example.net', port: 5060, priority: 10, weight: 5 },
    ]);
    expect(await resolver.resolveCaa(zone)).toEqual([{ critical: 0, issue: 'letsencrypt.org' }]);
    expect((await resolver.resolveNs(zone)).sort()).toEqual(['ns1.platform.test', 'ns2.platform.test']);
    const [{ soa_serial: serial }] = await sqlRows(t, 'select soa_serial from domains.domains where domain_name = ?', [
      zone,
    ]);
    expect(await resolver.resolveSoa(zone)).toMatchObject({
      nsname: 'ns1.platform.test',
      hostmaster: `hostmaster.${zone}`,
      serial: Number(serial),
      minttl: 300,
    });
  });

  it('should answer authoritatively, NXDOMAIN and NODATA with the SOA in the authority section', async () => {
    const hit = (await askUdp(port, `www.${zone}`, 'A')).packet;
    expect(hit.flag_aa).toBe(true);
    expect(hit.rcode).toBe('NOERROR');
    const nx = (await askUdp(port, `missing.${zone}`, 'A')).packet;
    expect([nx.rcode, nx.answers.length, nx.authorities[0].type, nx.authorities[0].name]).toEqual([
      'NXDOMAIN',
      0,
      'SOA',
      zone,
    ]);
    const nodata = (await askUdp(port, `www.${zone}`, 'MX')).packet;
    expect([nodata.rcode, nodata.answers.length, nodata.authorities[0].type]).toEqual(['NOERROR', 0, 'SOA']);
    // An empty non-terminal (a.b above deep.a.b) exists: NODATA, not NXDOMAIN.
    expect((await askUdp(port, `a.b.${zone}`, 'A')).packet.rcode).toBe('NOERROR');
    await expect(resolver.resolve4(`missing.${zone}`)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(resolver.resolveMx(`www.${zone}`)).rejects.toMatchObject({ code: 'ENODATA' });
  });

  it('should refuse names outside its zones, echo EDNS0, answer BADVERS and FORMERR', async () => {
    expect((await askUdp(port, 'example.org', 'A')).packet.rcode).toBe('REFUSED');
    const edns = (await askUdp(port, zone, 'A', { edns: 4096 })).packet;
    expect(edns.additionals.find((a: any) => a.type === 'OPT')).toMatchObject({ udpPayloadSize: 1232, ednsVersion: 0 });
    const badvers = (await askUdp(port, zone, 'A', { edns: 4096, ednsVersion: 1 })).packet;
    expect(badvers.additionals.find((a: any) => a.type === 'OPT').extendedRcode).toBe(1);
    const garbage = Buffer.from('12340100000100000000000003', 'hex');
    expect((await askUdp(port, '', '', {}, garbage)).packet.rcode).toBe('FORMERR');
  });

  it('should refer a delegated subdomain to its name servers, with glue from the zone', async () => {
    expect((await add({ type: 'NS', name: 'dept', value: `ns.dept.${zone}` })).status).toBe(201);
    expect((await add({ type: 'A', name: 'ns.dept', value: '192.0.2.53' })).status).toBe(201);
    const referral = await eventually(async () => {
      const { packet } = await askUdp(port, `host.dept.${zone}`, 'A');
      return packet.authorities.length > 0 && packet.authorities[0].type === 'NS' ? packet : null;
    });
    expect(referral.flag_aa).toBe(false);
    expect(referral.answers).toEqual([]);
    expect(referral.authorities[0]).toMatchObject({ name: `dept.${zone}`, type: 'NS', data: `ns.dept.${zone}` });
    expect(referral.additionals.find((a: any) => a.type === 'A')).toMatchObject({
      name: `ns.dept.${zone}`,
      data: '192.0.2.53',
    });
  });

  it('should survive random bytes and keep answering', async () => {
    const { randomBytes } = await import('node:crypto');
    const dgram = await import('node:dgram');
    const socket = dgram.createSocket('udp4');
    for (let i = 0; i < 300; i++) socket.send(randomBytes(1 + (i % 200)), port, '127.0.0.1');
    socket.close();
    // The server reads its socket in order: the question after the garbage is answered once all of it was handled.
    expect((await askUdp(port, `www.${zone}`, 'A')).packet.answers[0].data).toBe('192.0.2.10');
    expect((await askTcp(port, `www.${zone}`, 'A')).packet.answers[0].data).toBe('192.0.2.10');
  });

  it('should truncate over UDP what does not fit and answer it whole over TCP (node:dns falls back by itself)', async () => {
    const texts = Array.from({ length: 12 }, (_, i) => `${String(i).padStart(2, '0')}:${'x'.repeat(150)}`);
    for (const value of texts) expect((await add({ type: 'TXT', name: 'big', value })).status).toBe(201);
    const udp = await eventually(async () => {
      const answer = await askUdp(port, `big.${zone}`, 'TXT');
      return answer.packet.flag_tc ? answer : null;
    });
    expect(udp.size).toBeLessThanOrEqual(512);
    expect(udp.packet.answers).toEqual([]);
    const tcp = await askTcp(port, `big.${zone}`, 'TXT');
    expect(tcp.packet.flag_tc).toBe(false);
    expect(tcp.packet.answers).toHaveLength(12);
    const fromResolver = (await resolver.resolveTxt(`big.${zone}`)).map((chunks) => chunks.join('')).sort();
    expect(fromResolver).toEqual(texts);
  });

  it('should serve a change made through the API (zone caches are dropped on NOTIFY)', async () => {
    const created = await add({ type: 'A', name: 'moving', value: '192.0.2.20' });
    await eventually(async () =>
      (await resolver.resolve4(`moving.${zone}`).catch(() => [] as string[])).includes('192.0.2.20'),
    );
    await t.request('PATCH', `/domains/${zone}/dns/${created.body.data.id}`, { key, body: { value: '192.0.2.21' } });
    await eventually(async () =>
      (await resolver.resolve4(`moving.${zone}`).catch(() => [] as string[])).includes('192.0.2.21'),
    );
    await t.request('DELETE', `/domains/${zone}/dns/${created.body.data.id}`, { key });
    await eventually(async () => (await askUdp(port, `moving.${zone}`, 'A')).packet.rcode === 'NXDOMAIN');
    const other = 'second-zone.org';
    expect((await askUdp(port, other, 'A')).packet.rcode).toBe('REFUSED');
    await registerDomain(t, key, other);
    await eventually(async () => (await askUdp(port, other, 'SOA')).packet.answers.length === 1);
  });

  describe('DNSSEC', () => {
    let keys: { flags: number; keyTag: number; publicKey: string }[];

    beforeAll(async () => {
      const enabled = await t.request('POST', `/domains/${zone}/dnssec/enable`, { key });
      expect(enabled.status).toBe(200);
      keys = enabled.body.data.keys;
      await eventually(
        async () => (await askUdp(port, zone, 'DNSKEY', { edns: 1232, dnssec: true })).packet.answers.length > 0,
      );
    });

    it('should show the keys and DS records, refuse a second enable, and emit dnssec.enabled', async () => {
      const status = await t.request('GET', `/domains/${zone}/dnssec`, { key });
      expect(status.body.data).toMatchObject({ domainName: zone, enabled: true });
      expect(status.body.data.keys.map((k: any) => [k.flags, k.role, k.algorithm])).toEqual([
        [257, 'KSK', 13],
        [256, 'ZSK', 13],
      ]);
      for (const k of status.body.data.keys)
        expect(keyTag(dnskeyRdata(k.flags, 13, Buffer.from(k.publicKey, 'base64')))).toBe(k.keyTag);
      const ds = await t.request('GET', `/domains/${zone}/dnssec/ds`, { key });
      const ksk = keys.find((k) => k.flags === 257)!;
      expect(ds.body.data).toEqual([
        {
          keyTag: ksk.keyTag,
          algorithm: 13,
          digestType: 2,
          digest: dsDigest(zone, dnskeyRdata(257, 13, Buffer.from(ksk.publicKey, 'base64')))
            .toString('hex')
            .toUpperCase(),
          record: expect.stringMatching(new RegExp(`^${zone}\\. IN DS ${ksk.keyTag} 13 2 [0-9A-F]{64}$`)),
        },
      ]);
      const again = await t.request('POST', `/domains/${zone}/dnssec/enable`, { key });
      expect([again.status, again.body.error.code]).toEqual([409, 'DNSSEC_ALREADY_ENABLED']);
      expect(await eventsOf(t, 'dnssec.enabled', zone)).toHaveLength(1);
      expect((await t.request('GET', `/domains/${zone}/dns`, { key: await t.key('dns-server-other') })).status).toBe(
        404,
      );
    });

    it('should answer DNSKEY and RRSIGs that verify, only when the DO bit is set', async () => {
      const dnskey = (await askUdp(port, zone, 'DNSKEY', { edns: 1232, dnssec: true })).packet;
      const served = dnskey.answers.filter((a: any) => a.type === 'DNSKEY');
      expect(served.map((a: any) => a.data.key.toString('base64')).sort()).toEqual(keys.map((k) => k.publicKey).sort());
      const ksk = keys.find((k) => k.flags === 257)!;
      const zsk = keys.find((k) => k.flags === 256)!;
      const dnskeySig = dnskey.answers.find((a: any) => a.type === 'RRSIG');
      expect(dnskeySig.data.keyTag).toBe(ksk.keyTag);
      expect(verifyRrsig(served, dnskeySig.data, Buffer.from(ksk.publicKey, 'base64'))).toBe(true);

      const a = (await askUdp(port, `www.${zone}`, 'A', { edns: 1232, dnssec: true })).packet;
      const rrset = a.answers.filter((r: any) => r.type === 'A');
      const sig = a.answers.find((r: any) => r.type === 'RRSIG');
      expect(sig.data).toMatchObject({
        typeCovered: 'A',
        algorithm: 13,
        labels: 3,
        keyTag: zsk.keyTag,
        signersName: zone,
      });
      expect(verifyRrsig(rrset, sig.data, Buffer.from(zsk.publicKey, 'base64'))).toBe(true);
      const plain = (await askUdp(port, `www.${zone}`, 'A', { edns: 1232 })).packet;
      expect(plain.answers.map((r: any) => r.type)).toEqual(['A']);
    });

    it('should prove NXDOMAIN and NODATA with signed NSEC records', async () => {
      // A large signed answer over UDP goes to a client that proved its address with a DNS cookie, as resolvers do.
      const nx = (await askUdpWithCookie(port, `nothing.${zone}`, 'A', { edns: 1232, dnssec: true })).packet;
      expect(nx.rcode).toBe('NXDOMAIN');
      const nsecs = nx.authorities.filter((r: any) => r.type === 'NSEC');
      expect(nsecs.length).toBeGreaterThanOrEqual(1);
      // The NSEC that covers the name: owner before it, next after it in canonical order.
      const covers = (n: any, name: string) =>
        compareNames(n.name, name) < 0 && (compareNames(name, n.data.nextDomain) < 0 || n.data.nextDomain === zone);
      expect(nsecs.some((n: any) => covers(n, `nothing.${zone}`))).toBe(true);
      expect(nsecs.some((n: any) => covers(n, `*.${zone}`))).toBe(true);
      const zsk = keys.find((k) => k.flags === 256)!;
      for (const nsec of nsecs) {
        const sig = nx.authorities.find(
          (r: any) => r.type === 'RRSIG' && r.name === nsec.name && r.data.typeCovered === 'NSEC',
        );
        expect(verifyRrsig([nsec], sig.data, Buffer.from(zsk.publicKey, 'base64'))).toBe(true);
      }
      const nodata = (await askUdpWithCookie(port, `www.${zone}`, 'MX', { edns: 1232, dnssec: true })).packet;
      const own = nodata.authorities.find((r: any) => r.type === 'NSEC');
      expect(own.name).toBe(`www.${zone}`);
      expect(own.data.rrtypes).toEqual(expect.arrayContaining(['A', 'AAAA', 'NSEC', 'RRSIG']));
      expect(own.data.rrtypes).not.toContain('MX');
    });

    it('should stop signing once disabled (dnssec.disabled)', async () => {
      const off = await t.request('POST', `/domains/${zone}/dnssec/disable`, { key });
      expect(off.body.data).toEqual({ domainName: zone, enabled: false, keys: [] });
      expect(await eventsOf(t, 'dnssec.disabled', zone)).toHaveLength(1);
      expect((await t.request('GET', `/domains/${zone}/dnssec/ds`, { key })).body.data).toEqual([]);
      await eventually(
        async () => (await askUdp(port, zone, 'DNSKEY', { edns: 1232, dnssec: true })).packet.answers.length === 0,
      );
      const a = (await askUdp(port, `www.${zone}`, 'A', { edns: 1232, dnssec: true })).packet;
      expect(a.answers.map((r: any) => r.type)).toEqual(['A']);
    });
  });
});
