import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { mailboxesModule } from '../../../subgraphs/mailboxes/index.js';
import { verify } from '@octokit/webhooks-methods';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver.js';

const P = '/v1/agent-email';

/** A small authoritative responder over UDP: what a domain's owner published. */
function startResponder(zone: Map<string, { type: 'MX' | 'TXT'; value: string }[]>): Promise<Socket> {
  const socket = createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    const query = dnsPacket.decode(msg);
    const question = query.questions![0]!;
    const records = (zone.get(question.name.toLowerCase()) ?? []).filter((r) => r.type === question.type);
    const answers = records.map((r) =>
      r.type === 'MX'
        ? {
            type: 'MX' as const,
            name: question.name,
            ttl: 60,
            data: { preference: Number(r.value.split(' ')[0]), exchange: r.value.split(' ')[1]! },
          }
        : // TXT character strings hold at most 255 bytes: a DKIM key spans several.
          { type: 'TXT' as const, name: question.name, ttl: 60, data: r.value.match(/.{1,255}/g)! },
    );
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER,
      questions: query.questions,
      answers: answers as dnsPacket.Answer[],
    });
    socket.send(response, rinfo.port, rinfo.address);
  });
  return new Promise((resolve) => socket.bind(0, '127.0.0.1', () => resolve(socket)));
}

describe('custom domains: records to publish, verified over DNS', () => {
  let t: TestPlatform;
  let key: string;
  let other: string;
  let responder: Socket;
  let receiver: Receiver;
  const zone = new Map<string, { type: 'MX' | 'TXT'; value: string }[]>();

  beforeAll(async () => {
    responder = await startResponder(zone);
    receiver = await startReceiver();
    const port = (responder.address() as AddressInfo).port;
    t = await startTestPlatform(
      { DNS_RESOLVER: `127.0.0.1:${port}`, WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: process.env.TEST_LOG ?? 'silent' },
      { modules: [emailModule(), webhooksModule(), mailboxesModule({ contactMessages: false })] },
    );
    key = await t.key('mbx-domains');
    other = await t.key('mbx-domains-other');
  });
  afterAll(async () => {
    await t.stop();
    responder.close();
    await receiver.close();
  });

  const req = (method: string, path: string, body?: unknown, k = key) => t.request(method, P + path, { key: k, body });

  it('should return the MX, SPF, DKIM and DMARC records, report a verdict per record, then verify and fire domain.verified', async () => {
    const created = await req('POST', '/domains', { domain: 'Acme-Mail.test' });
    expect(created.status).toBe(201);
    const domain = created.body.data;
    expect(domain).toMatchObject({
      id: expect.stringMatching(/^dom_/),
      domain: 'acme-mail.test',
      status: 'pending',
      verifiedAt: null,
    });
    expect(
      domain.records.map((r: { purpose: string; type: string; name: string }) => [r.purpose, r.type, r.name]),
    ).toEqual([
      ['mx', 'MX', 'acme-mail.test'],
      ['spf', 'TXT', 'acme-mail.test'],
      ['dkim', 'TXT', 'pf1._domainkey.acme-mail.test'],
      ['dmarc', 'TXT', '_dmarc.acme-mail.test'],
    ]);
    // MX as DNS APIs take it: the host as the value, the preference as a field of its own.
    expect(domain.records[0]).toMatchObject({ type: 'MX', value: 'mx.agents.localhost', priority: 10 });
    expect(domain.records[1]).toMatchObject({ value: 'v=spf1 include:_spf.agents.localhost ~all', priority: null });
    expect(domain.records[2].value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);

    // Nothing published yet, and a DKIM record with another key.
    zone.set('pf1._domainkey.acme-mail.test', [{ type: 'TXT', value: 'v=DKIM1; k=rsa; p=AAAA' }]);
    const first = await req('POST', `/domains/${domain.id}/verify`);
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe('failed');
    expect(first.body.data.records.map((r: { status: string }) => r.status)).toEqual([
      'missing',
      'missing',
      'missing',
      'missing',
    ]);
    expect(first.body.data.records[2].found).toEqual(['v=DKIM1; k=rsa; p=AAAA']);
    expect((await req('POST', '/mailboxes', { name: 'hello', domain: 'acme-mail.test' })).body.error.code).toBe(
      'DOMAIN_NOT_VERIFIED',
    );

    zone.clear();
    zone.set('acme-mail.test', [{ type: 'TXT', value: 'google-site-verification=x' }]); // unrelated TXT records are ignored
    for (const r of domain.records as { type: 'MX' | 'TXT'; name: string; value: string; priority: number | null }[])
      zone.set(r.name, [
        ...(zone.get(r.name) ?? []),
        { type: r.type, value: r.type === 'MX' ? `${r.priority} ${r.value}` : r.value },
      ]);
    const second = await req('POST', `/domains/${domain.id}/verify`);
    expect(second.body.data).toMatchObject({
      status: 'verified',
      verifiedAt: expect.any(String),
      lastCheckedAt: expect.any(String),
    });
    expect(second.body.data.records.map((r: { status: string }) => r.status)).toEqual([
      'verified',
      'verified',
      'verified',
      'verified',
    ]);
    await req('POST', `/domains/${domain.id}/verify`); // a re-verification fires nothing new
    const events = await t.platform.orm.em
      .getConnection()
      .execute(`select data from platform.events where type = 'domain.verified'`);
    expect(events.map((e) => e.data)).toEqual([
      { domainId: domain.id, domain: 'acme-mail.test', verifiedAt: second.body.data.verifiedAt },
    ]);

    const mailbox = await req('POST', '/mailboxes', { name: 'hello', domain: 'ACME-MAIL.test' });
    expect(mailbox.status).toBe(201);
    expect(mailbox.body.data.address).toBe('hello@acme-mail.test');
    expect((await req('DELETE', `/domains/${domain.id}`)).status).toBe(409);
    await req('DELETE', `/mailboxes/${mailbox.body.data.id}`);
    expect((await req('DELETE', `/domains/${domain.id}`)).body.data).toEqual({ id: domain.id, deleted: true });
    expect((await req('GET', `/domains/${domain.id}`)).status).toBe(404);
  });

  it('should list and get domains of the organization only; refuse duplicates and bad names', async () => {
    const created = (await req('POST', '/domains', { domain: 'listed.test' })).body.data;
    expect((await req('GET', `/domains/${created.id}`)).body.data.domain).toBe('listed.test');
    const list = await req('GET', '/domains?limit=10');
    expect(list.body.meta).toEqual({ total: 1, limit: 10, offset: 0 });
    expect((await req('GET', `/domains/${created.id}`, undefined, other)).status).toBe(404);
    expect((await req('POST', `/domains/${created.id}/verify`, undefined, other)).status).toBe(404);
    expect((await req('GET', '/domains', undefined, other)).body.data).toEqual([]);
    expect((await req('POST', '/domains', { domain: 'listed.test' }, other)).status).toBe(409);
    expect((await req('POST', '/domains', { domain: 'not a domain' })).body.error.code).toBe('VALIDATION_ERROR');
    expect((await req('POST', '/domains', { domain: 'agents.localhost' })).status).toBe(409);
  });

  it('should deliver domain.verified, an organization-wide event, to every mailbox webhook of the organization that subscribed to it', async () => {
    const mailbox = async (name: string, k = key) =>
      (await req('POST', '/mailboxes', { name }, k)).body.data as { id: string };
    const hook = async (mailboxId: string, events: string[], k = key) => {
      const res = await req(
        'POST',
        `/mailboxes/${mailboxId}/webhooks`,
        { url: receiver.url, events, secret: 'mailbox-hook-secret-1' },
        k,
      );
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    const subscribed = await hook((await mailbox('hooks-a')).id, ['domain.verified']);
    const onlyReceived = await hook((await mailbox('hooks-b')).id, ['message.received']);
    const otherOrganization = await hook((await mailbox('hooks-c', other)).id, ['domain.verified'], other);

    const domain = (await req('POST', '/domains', { domain: 'hooked-mail.test' })).body.data;
    for (const r of domain.records as { type: 'MX' | 'TXT'; name: string; value: string; priority: number | null }[])
      zone.set(r.name, [
        ...(zone.get(r.name) ?? []),
        { type: r.type, value: r.type === 'MX' ? `${r.priority} ${r.value}` : r.value },
      ]);
    expect((await req('POST', `/domains/${domain.id}/verify`)).body.data.status).toBe('verified');

    const [got] = (await receiver.waitFor((rs) => rs.some((r) => r.json?.type === 'domain.verified'))).filter(
      (r) => r.json?.type === 'domain.verified',
    );
    expect(got!.json.data).toMatchObject({ domainId: domain.id, domain: 'hooked-mail.test' });
    expect(await verify('mailbox-hook-secret-1', got!.body, String(got!.headers['x-service-signature']))).toBe(true);
    // Every delivery of the event is made in one dispatch: only the subscribed webhook of this organization has one.
    const deliveries = await t.platform.orm.em
      .getConnection()
      .execute(`select webhook_id from webhooks.deliveries where event_type = 'domain.verified'`);
    expect(deliveries.map((d) => d.webhook_id)).toEqual([subscribed]);
    expect([onlyReceived, otherOrganization]).not.toContain(deliveries[0]!.webhook_id);
  });
});
