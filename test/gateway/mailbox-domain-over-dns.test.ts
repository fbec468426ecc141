import { Resolver } from 'node:dns/promises';
import { dkimVerify } from 'mailauth';
import { eventually, startTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { freePort } from '../helpers/free-port.js';
import { emailModule } from '../../subgraphs/email/index.js';
import { webhooksModule } from '../../subgraphs/webhooks/index.js';
import { domainsModule } from '../../subgraphs/domains/index.js';
import { mailboxesModule } from '../../subgraphs/mailboxes/index.js';
import { REGISTRANT } from '../subgraphs/domains/helpers/domain-fixtures.js';

/**
 * Two modules meet through DNS, not imports: the records an agent mailbox domain needs are published with the
 * domains module's API, served by its authoritative DNS server, and verified by the mailboxes module through
 * DNS_RESOLVER pointed at that server.
 */
describe('a mailbox custom domain published with the domains API and verified over real DNS', () => {
  let t: TestPlatform;
  let key: string;
  let dnsPort: number;

  beforeAll(async () => {
    dnsPort = await freePort();
    t = await startTestPlatform(
      { DNS_PORT: String(dnsPort), DNS_RESOLVER: `127.0.0.1:${dnsPort}` },
      { modules: [emailModule(), webhooksModule(), domainsModule(), mailboxesModule({ contactMessages: false })] },
    );
    key = await t.key('dns-meets-mail');
  });
  afterAll(() => t.stop());

  it('should verify the domain once its MX, SPF, DKIM and DMARC records are in the zone, and then host mailboxes', async () => {
    const domainName = 'acme-agents.com';
    expect(
      (await t.request('POST', '/domains/register', { key, body: { domainName, registrant: REGISTRANT } })).status,
    ).toBe(201);
    const created = await t.request('POST', '/v1/agent-email/domains', { key, body: { domain: domainName } });
    expect(created.status).toBe(201);
    const { id, records } = created.body.data as {
      id: string;
      records: { type: 'MX' | 'TXT'; name: string; value: string; priority: number | null }[];
    };

    const before = await t.request('POST', `/v1/agent-email/domains/${id}/verify`, { key });
    expect(before.body.data.status).toBe('failed');

    for (const record of records) {
      const name = record.name === domainName ? '@' : record.name.slice(0, -(domainName.length + 1));
      const body =
        record.priority === null
          ? { type: record.type, name, value: record.value }
          : { type: record.type, name, value: record.value, priority: record.priority };
      const res = await t.request('POST', `/domains/${domainName}/dns`, { key, body });
      expect(res.status).toBe(201);
    }

    const after = await t.request('POST', `/v1/agent-email/domains/${id}/verify`, { key });
    expect(after.body.data.status).toBe('verified');
    expect(after.body.data.records.map((r: { purpose: string; status: string }) => [r.purpose, r.status])).toEqual([
      ['mx', 'verified'],
      ['spf', 'verified'],
      ['dkim', 'verified'],
      ['dmarc', 'verified'],
    ]);
    const mailbox = await t.request('POST', '/v1/agent-email/mailboxes', {
      key,
      body: { name: 'support', domain: domainName },
    });
    expect(mailbox.status).toBe(201);
    expect(mailbox.body.data.address).toBe(`support@${domainName}`);
  });

  it("should sign the mailbox's outbound mail with the domain's own DKIM key, which verifies against the published record", async () => {
    const domainName = 'acme-agents.com';
    // The domains preset asks the same port: the same key, so its DKIM record is the one already published.
    const preset = await t.request('POST', `/domains/${domainName}/dns/presets`, {
      key,
      body: { preset: 'SERVICE_EMAIL' },
    });
    expect(preset.status).toBe(201);
    expect(preset.body.data.created.map((r: { name: string }) => r.name)).not.toContain('pf1._domainkey');

    const sent = await t.request('POST', '/v1/agent-email/messages/send', {
      key,
      body: {
        from: `support@${domainName}`,
        to: ['ada@example.net'],
        subject: 'Signed',
        text: 'Hello from a custom domain',
      },
    });
    expect(sent.status).toBe(202);
    const raw = await eventually(async () => {
      const rows = await t.platform.orm.em
        .getConnection()
        .execute<{ mime: string }[]>(
          `select c.mime from email.captured c join email.messages m on m.id = c.message_id where m.subject = 'Signed'`,
        );
      return rows[0]?.mime;
    }, 30_000);
    expect(raw).toMatch(new RegExp(`^DKIM-Signature: .*d=${domainName.replace('.', '\\.')};`, 'ms'));

    // An independent verifier, asking the platform's DNS server for the key.
    const dns = new Resolver();
    dns.setServers([`127.0.0.1:${dnsPort}`]);
    const resolver = (name: string, rrtype: string) =>
      rrtype === 'TXT' ? dns.resolveTxt(name) : dns.resolve(name, rrtype as 'A');
    const result = await dkimVerify(Buffer.from(raw), { resolver: resolver as never });
    expect(result.results.map((r) => [r.signingDomain, r.selector, r.status.result])).toEqual([
      [domainName, 'pf1', 'pass'],
    ]);
  });
});
