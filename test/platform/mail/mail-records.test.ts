import nodemailer from 'nodemailer';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { domainsModule } from '../../../subgraphs/domains/index.js';
import { mailboxesModule } from '../../../subgraphs/mailboxes/index.js';
import { dnsLookup, type DnsLookup } from '../../../subgraphs/mailboxes/domains/dns-lookup.js';

const MBX = '/v1/agent-email';
const REGISTRANT = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+14155550100',
  address: '1 Analytical Way',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
  country: 'us',
};

// Nothing about the sender is looked up on the internet: every lookup of the inbound checks answers "not found".
const noDns = async (name: string) => {
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

interface DomainRecord {
  type: 'MX' | 'TXT';
  name: string;
  value: string;
  priority: number | null;
  purpose: string;
}

describe('a custom mailbox domain set up only through the documented calls of the domains and agent mailboxes modules', () => {
  let t: TestPlatform;
  let key: string;
  // Domain verification asks the platform's own authoritative DNS server, whose port is known once it listens.
  let platformDns: DnsLookup | undefined;
  const dns: DnsLookup = { mx: (name) => platformDns!.mx(name), txt: (name) => platformDns!.txt(name) };

  beforeAll(async () => {
    t = await startTestPlatform(
      { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' },
      {
        modules: [emailModule(), webhooksModule(), domainsModule(), mailboxesModule({ contactMessages: false, dns })],
        mailAuthResolver: noDns,
      },
    );
    platformDns = dnsLookup(`127.0.0.1:${t.platform.listeners.find((l) => l.name === 'dns')!.address!.port}`);
    key = await t.key('mail-records');
  });
  afterAll(() => t.stop());

  const req = async (method: string, path: string, body?: unknown) => t.request(method, path, { key, body });
  async function register(domainName: string) {
    const res = await req('POST', '/domains/register', { domainName, registrant: REGISTRANT });
    expect(res.status).toBe(201);
  }
  async function mailDomain(domain: string) {
    const res = await req('POST', `${MBX}/domains`, { domain });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; records: DomainRecord[] };
  }

  it('should verify a domain on which SERVICE_EMAIL was applied: the preset publishes exactly the records the mailbox domain asks for', async () => {
    await register('shop-preset.com');
    const preset = await req('POST', '/domains/shop-preset.com/dns/presets', { preset: 'SERVICE_EMAIL' });
    expect(preset.status).toBe(201);
    const domain = await mailDomain('shop-preset.com');
    // Every record asked for is in the zone as the preset wrote it, and there is one SPF record only.
    const zone = preset.body.data.records as { type: string; fqdn: string; value: string; priority: number | null }[];
    for (const r of domain.records) {
      expect(zone).toContainEqual(
        expect.objectContaining({ type: r.type, fqdn: r.name, value: r.value, priority: r.priority }),
      );
    }
    expect(zone.filter((r) => r.type === 'TXT' && r.value.startsWith('v=spf1'))).toHaveLength(1);

    const verified = await req('POST', `${MBX}/domains/${domain.id}/verify`);
    expect(
      verified.body.data.records.map((r: { purpose: string; status: string }) => `${r.purpose}:${r.status}`),
    ).toEqual(['mx:verified', 'spf:verified', 'dkim:verified', 'dmarc:verified']);
    expect(verified.body.data.status).toBe('verified');
  });

  it('should verify a domain whose owner published the given records as given, then send and receive mail on it', async () => {
    await register('shop-given.com');
    const domain = await mailDomain('shop-given.com');
    const mx = domain.records.find((r) => r.type === 'MX')!;
    expect(mx).toMatchObject({ value: 'mx.agents.localhost', priority: 10 });
    for (const r of domain.records) {
      const added = await req('POST', '/domains/shop-given.com/dns', {
        type: r.type,
        name: r.name,
        value: r.value,
        ...(r.priority !== null ? { priority: r.priority } : {}),
      });
      expect([r.purpose, added.status]).toEqual([r.purpose, 201]);
    }
    expect((await req('POST', `${MBX}/domains/${domain.id}/verify`)).body.data.status).toBe('verified');

    const hello = (await req('POST', `${MBX}/mailboxes`, { name: 'hello', domain: 'shop-given.com' })).body.data;
    const bob = (await req('POST', `${MBX}/mailboxes`, { name: 'bob-given' })).body.data;
    expect(hello.address).toBe('hello@shop-given.com');

    // Sent from the custom domain, signed with the key the domain published.
    const sent = await req('POST', `${MBX}/messages/send`, {
      from: hello.address,
      to: [bob.address],
      subject: 'From the shop',
      text: 'Hello Bob',
    });
    expect(sent.status).toBe(202);
    const atBob = await eventually(async () => (await req('GET', `${MBX}/mailboxes/${bob.id}/inbox`)).body.data[0]);
    expect(atBob).toMatchObject({ from: hello.address, subject: 'From the shop' });

    // Received from outside over SMTP, at the address on the custom domain.
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: t.platform.smtpPort!,
      secure: false,
      ignoreTLS: true,
    });
    try {
      await smtp.sendMail({
        from: 'carol@example.org',
        to: hello.address,
        subject: 'Order 42',
        messageId: '<order-42@example.org>',
        text: 'Where is my order?',
      });
    } finally {
      smtp.close();
    }
    const atHello = await eventually(async () =>
      (await req('GET', `${MBX}/mailboxes/${hello.id}/inbox`)).body.data.find(
        (m: { subject: string }) => m.subject === 'Order 42',
      ),
    );
    expect(atHello).toMatchObject({ from: 'carol@example.org', direction: 'inbound' });
  });
});
