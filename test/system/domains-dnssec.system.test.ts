import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually, startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { domainsModule } from '../../subgraphs/domains/index.js';
import { emailModule } from '../../subgraphs/email/index.js';

const run = promisify(execFile);
const REGISTRANT = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+14155550100',
  address: '1 Way',
  city: 'SF',
  postalCode: '94105',
  country: 'US',
};

/**
 * An independent validator checks the signed zone: BIND's delv, given only the DS record our API publishes as its trust
 * anchor, must call the answers "fully validated", positive and negative, over UDP and TCP.
 */
describe('DNSSEC validated by BIND (delv, dig)', () => {
  let t: TestPlatform;
  let port: number;
  let anchors: string;
  const zone = 'validated-zone.com';

  beforeAll(async () => {
    t = await startTestPlatform({ DNS_PORT: '0' }, { modules: [emailModule(), domainsModule()] }); // SERVICE_EMAIL takes its DKIM key from the email module
    port = t.platform.listeners.find((l) => l.name === 'dns')!.address!.port;
    const key = await t.key('system-dnssec');
    expect(
      (await t.request('POST', '/domains/register', { key, body: { domainName: zone, registrant: REGISTRANT } }))
        .status,
    ).toBe(201);
    for (const body of [
      { type: 'A', name: 'www', value: '192.0.2.80' },
      { type: 'AAAA', name: 'www', value: '2001:db8::80' },
      { type: 'MX', name: '@', value: `mail.${zone}`, priority: 10 },
      { type: 'A', name: 'mail', value: '192.0.2.25' },
      { type: 'TXT', name: 'deep.sub', value: 'below an empty non-terminal' },
      { type: 'CNAME', name: 'alias', value: `www.${zone}` },
    ])
      expect((await t.request('POST', `/domains/${zone}/dns`, { key, body })).status).toBe(201);
    expect(
      (await t.request('POST', `/domains/${zone}/dns/presets`, { key, body: { preset: 'SERVICE_EMAIL' } })).status,
    ).toBe(201);
    expect((await t.request('POST', `/domains/${zone}/dnssec/enable`, { key })).status).toBe(200);
    const [ds] = (await t.request('GET', `/domains/${zone}/dnssec/ds`, { key })).body.data;
    const dir = mkdtempSync(join(tmpdir(), 'delv-'));
    anchors = join(dir, 'anchors.conf');
    writeFileSync(
      anchors,
      `trust-anchors { "${zone}." static-ds ${ds.keyTag} ${ds.algorithm} ${ds.digestType} "${ds.digest}"; };\n`,
    );
    await eventually(async () => (await dig(['+dnssec', zone, 'DNSKEY'])).includes('DNSKEY'));
  });
  afterAll(() => t.stop());

  const delv = async (args: string[]) => {
    const { stdout, stderr } = await run('delv', [
      '@127.0.0.1',
      '-p',
      String(port),
      '-a',
      anchors,
      `+root=${zone}`,
      ...args,
    ]).catch((e) => e);
    return `${stdout}\n${stderr}`;
  };
  const dig = async (args: string[]) =>
    (await run('dig', ['@127.0.0.1', '-p', String(port), '+norecurse', '+time=2', '+tries=1', ...args])).stdout;

  it.each([
    [`www.${zone}`, 'A', '192.0.2.80'],
    [`www.${zone}`, 'AAAA', '2001:db8::80'],
    [zone, 'MX', `mail.${zone}.`],
    [zone, 'TXT', 'v=spf1'],
    [`pf1._domainkey.${zone}`, 'TXT', 'v=DKIM1'],
    [zone, 'SOA', `hostmaster.${zone}.`],
    [zone, 'NS', 'ns1.'],
    [zone, 'DNSKEY', 'DNSKEY'],
    [`alias.${zone}`, 'A', '192.0.2.80'],
  ])('should fully validate %s %s', async (name, type, expected) => {
    const out = await delv([name, type]);
    expect(out).toContain('; fully validated');
    expect(out).toContain(expected);
  });

  it.each([
    [`missing.${zone}`, 'A'],
    [`www.${zone}`, 'MX'],
    [`sub.${zone}`, 'A'],
    [`x.deep.sub.${zone}`, 'TXT'],
  ])('should validate the denial for %s %s (NSEC)', async (name, type) => {
    const out = await delv([name, type]);
    expect(out).toMatch(/negative response, fully validated/);
  });

  it('should fail validation when the trust anchor does not match (the validator really checks)', async () => {
    const wrong = join(mkdtempSync(join(tmpdir(), 'delv-')), 'wrong.conf');
    writeFileSync(wrong, `trust-anchors { "${zone}." static-ds 12345 13 2 "${'AB'.repeat(32)}"; };\n`);
    const { stdout, stderr } = await run('delv', [
      '@127.0.0.1',
      '-p',
      String(port),
      '-a',
      wrong,
      `+root=${zone}`,
      `www.${zone}`,
      'A',
    ]).catch((e) => e);
    expect(`${stdout}\n${stderr}`).not.toContain('; fully validated');
  });

  it('should validate over TCP too', async () => {
    const out = await delv(['+tcp', `www.${zone}`, 'A']);
    expect(out).toContain('; fully validated');
  });

  it('should show RRSIGs to dig +dnssec and NSEC in the authority section of an NXDOMAIN', async () => {
    const signed = await dig(['+dnssec', `www.${zone}`, 'A']);
    expect(signed).toMatch(/RRSIG\s+A 13 3 /);
    expect(signed).toContain('flags: qr aa');
    const nx = await dig(['+dnssec', `missing.${zone}`, 'A']);
    expect(nx).toContain('status: NXDOMAIN');
    expect(nx).toMatch(/\sNSEC\s/);
  });
});
