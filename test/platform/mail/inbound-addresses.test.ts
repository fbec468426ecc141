import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';
import nodemailer, { type Transporter } from 'nodemailer';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { mailboxesModule } from '../../../subgraphs/mailboxes/index.js';
import { supportModule } from '../../../subgraphs/support/index.js';
import type { AbstractSqlDriver } from '@mikro-orm/postgresql';
import { Migration20261128110100_mailboxes_inbound_addresses } from '../../../subgraphs/mailboxes/migrations/Migration20261128110100_mailboxes_inbound_addresses.js';
import { Migration20261128110100_support_inbound_addresses } from '../../../subgraphs/support/migrations/Migration20261128110100_support_inbound_addresses.js';

const MBX = '/v1/agent-email';

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
        : { type: 'TXT' as const, name: question.name, ttl: 60, data: r.value.match(/.{1,255}/g)! },
    );
    socket.send(
      dnsPacket.encode({
        type: 'response',
        id: query.id,
        flags: dnsPacket.AUTHORITATIVE_ANSWER,
        questions: query.questions,
        answers: answers as dnsPacket.Answer[],
      }),
      rinfo.port,
      rinfo.address,
    );
  });
  return new Promise((resolve) => socket.bind(0, '127.0.0.1', () => resolve(socket)));
}

// No sender DNS: every lookup answers "not found" at once, nothing leaves the machine.
const noDns = async (name: string) => {
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

describe('one inbound address namespace across agent mailboxes and support inboxes', () => {
  let t: TestPlatform;
  let a: string;
  let b: string;
  let responder: Socket;
  let smtp: Transporter;
  const zone = new Map<string, { type: 'MX' | 'TXT'; value: string }[]>();

  beforeAll(async () => {
    responder = await startResponder(zone);
    t = await startTestPlatform(
      {
        DNS_RESOLVER: `127.0.0.1:${(responder.address() as AddressInfo).port}`,
        LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
      },
      {
        modules: [
          emailModule(),
          webhooksModule(),
          mailboxesModule({ contactMessages: false }),
          supportModule({ contactConversations: false }),
        ],
        mailAuthResolver: noDns,
      },
    );
    a = await t.key('addr-a');
    b = await t.key('addr-b');
    smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: t.platform.smtpPort!,
      secure: false,
      ignoreTLS: true,
    });
  });
  afterAll(async () => {
    smtp.close();
    await t.stop();
    responder.close();
  });

  const mailbox = (key: string, body: Record<string, unknown>) => t.request('POST', `${MBX}/mailboxes`, { key, body });
  const inbox = (key: string, email: string, name = 'Desk') =>
    t.request('POST', '/support/inboxes', { key, body: { name, email } });
  const conversations = async (key: string, inboxId: string) =>
    (await t.request('GET', `/support/conversations?inboxId=${inboxId}`, { key })).body;
  const mailboxInbox = async (key: string, mailboxId: string) =>
    (await t.request('GET', `${MBX}/mailboxes/${mailboxId}/inbox`, { key })).body;

  /** A custom mailbox domain of `key`'s organization, published and verified over DNS. */
  async function verifiedDomain(key: string, domain: string) {
    const created = (await t.request('POST', `${MBX}/domains`, { key, body: { domain } })).body.data;
    for (const r of created.records as { type: 'MX' | 'TXT'; name: string; value: string; priority?: number }[]) {
      const value = r.type === 'MX' && r.priority !== undefined ? `${r.priority} ${r.value}` : r.value;
      zone.set(r.name, [...(zone.get(r.name) ?? []), { type: r.type, value }]);
    }
    const verified = await t.request('POST', `${MBX}/domains/${created.id}/verify`, { key });
    expect(verified.body.data.status).toBe('verified');
    return created as { id: string };
  }

  it("should refuse with 409 a support inbox on another organization's mailbox address, and a mailbox named like another organization's inbox", async () => {
    const boxA = await mailbox(a, { name: 'boxa' });
    expect(boxA.status).toBe(201);
    const taken = await inbox(b, 'BoxA@agents.localhost');
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      error: {
        code: 'CONFLICT',
        message: expect.stringContaining('boxa@agents.localhost'),
        details: expect.objectContaining({ field: 'email' }),
      },
    });

    const deskB = await inbox(b, 'desk@agents.localhost');
    expect(deskB.status).toBe(201);
    const named = await mailbox(a, { name: 'desk' });
    expect(named.status).toBe(409);
    expect(named.body).toEqual({
      error: { code: 'CONFLICT', message: expect.stringContaining('desk@agents.localhost') },
    });

    // Renaming an inbox to a taken address is refused too, and keeps its own address.
    const other = (await inbox(b, 'other-desk@support-b.test')).body.data;
    const renamed = await t.request('PUT', `/support/inboxes/${other.id}`, {
      key: b,
      body: { email: 'boxa@agents.localhost' },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.code).toBe('CONFLICT');
    expect((await inbox(a, 'other-desk@support-b.test')).status).toBe(409);
  });

  it('should keep addresses on a verified custom domain for the organization that verified it', async () => {
    await verifiedDomain(a, 'a-mail.test');
    const foreign = await inbox(b, 'anything@a-mail.test');
    expect(foreign.status).toBe(409);
    expect(foreign.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('a-mail.test') });
    expect((await inbox(a, 'help@a-mail.test')).status).toBe(201);
    expect((await mailbox(a, { name: 'help', domain: 'a-mail.test' })).status).toBe(409); // one owner, even within an organization
    expect((await mailbox(a, { name: 'sales', domain: 'a-mail.test' })).status).toBe(201);
  });

  it("should refuse POST /emails and each batch item whose From is on another organization's verified domain (403 naming it)", async () => {
    // a-mail.test was verified by organization A in the test above.
    const mail = (from: string) => ({ from, to: 'someone@example.com', subject: 'Invoice', text: 'Pay here' });
    const spoofed = await t.request('POST', '/emails', { key: b, body: mail('billing@a-mail.test') });
    expect(spoofed.status).toBe(403);
    expect(spoofed.body).toEqual({
      success: false,
      error: {
        code: 'FORBIDDEN',
        message: expect.stringContaining('a-mail.test'),
        details: { field: 'from', received: 'a-mail.test' },
      },
    });
    const sub = await t.request('POST', '/emails', { key: b, body: mail('"A Billing" <billing@news.a-mail.test>') });
    expect([sub.status, sub.body.error?.code]).toEqual([403, 'FORBIDDEN']);

    const batch = await t.request('POST', '/emails/batch', {
      key: b,
      body: [mail('billing@a-mail.test'), mail('billing@b-own.test')],
    });
    expect(batch.status).toBe(200);
    expect(batch.body.data[0]).toMatchObject({
      index: 0,
      messageId: null,
      error: { code: 'FORBIDDEN', details: { field: 'from', received: 'a-mail.test' } },
    });
    expect(batch.body.data[1]).toMatchObject({ index: 1, messageId: expect.stringMatching(/^em_/) });

    // The organization that verified it sends from it; a domain nobody verified stays open to everyone.
    expect((await t.request('POST', '/emails', { key: a, body: mail('billing@a-mail.test') })).status).toBe(200);
    expect((await t.request('POST', '/emails', { key: b, body: mail('billing@b-own.test') })).status).toBe(200);
    const written = await t.platform.orm.em
      .getConnection()
      .execute(`select count(*)::int as n from email.messages where from_address like '%a-mail.test%'`);
    expect(written[0].n).toBe(1);
  });

  it('should free an address when its owner is deleted, and deliver inbound mail to the new owner only', async () => {
    const boxA = (await mailbox(a, { name: 'moving' })).body.data;
    expect((await inbox(b, 'moving@agents.localhost')).status).toBe(409);
    expect((await t.request('DELETE', `${MBX}/mailboxes/${boxA.id}`, { key: a })).status).toBe(200);
    const deskB = await inbox(b, 'moving@agents.localhost');
    expect(deskB.status).toBe(201);

    await smtp.sendMail({
      from: 'carol@example.com',
      to: 'moving@agents.localhost',
      subject: 'Hello B',
      messageId: '<moving-1@example.com>',
      text: 'For B only',
    });
    const got = await eventually(async () =>
      (await conversations(b, deskB.body.data.id)).meta.total === 1 ? true : undefined,
    );
    expect(got).toBe(true);
    expect((await t.request('DELETE', `/support/inboxes/${deskB.body.data.id}`, { key: b })).status).toBe(200);
    expect((await mailbox(a, { name: 'moving' })).status).toBe(201);
  });

  it('should deliver to exactly one owner an address two modules hold from before the namespace existed', async () => {
    const boxA = (await mailbox(a, { name: 'legacy' })).body.data;
    // An inbox of organization B stored with the same address before the namespace existed (its registry entry is A's mailbox).
    const deskB = (await inbox(b, 'legacy-desk@support-b.test')).body.data;
    await t.platform.orm.em
      .getConnection()
      .execute(`update support.inboxes set email = 'legacy@agents.localhost' where id = ?`, [deskB.id]);

    await smtp.sendMail({
      from: 'carol@example.com',
      to: 'legacy@agents.localhost',
      subject: 'Private',
      messageId: '<legacy-1@example.com>',
      text: 'For A only',
    });
    const received = await eventually(async () =>
      (await mailboxInbox(a, boxA.id)).data.length === 1 ? true : undefined,
    );
    expect(received).toBe(true);
    // A message acknowledged with 250 was handed to every claimant before the answer: none went to B.
    expect((await conversations(b, deskB.id)).meta.total).toBe(0);

    // The other way round: the inbox was older, so the namespace gives the address to B's inbox, not A's mailbox.
    const boxA2 = (await mailbox(a, { name: 'legacy2' })).body.data;
    const connection = t.platform.orm.em.getConnection();
    await connection.execute(`update support.inboxes set email = 'legacy2@agents.localhost' where id = ?`, [deskB.id]);
    await connection.execute(
      `update platform.inbound_addresses set module = 'support', resource_id = ?, organization_id = (select organization_id from support.inboxes where id = ?)
      where address = 'legacy2@agents.localhost'`,
      [deskB.id, deskB.id],
    );
    await smtp.sendMail({
      from: 'carol@example.com',
      to: 'legacy2@agents.localhost',
      subject: 'Private',
      messageId: '<legacy-2@example.com>',
      text: 'For B only',
    });
    expect(await eventually(async () => ((await conversations(b, deskB.id)).meta.total === 1 ? true : undefined))).toBe(
      true,
    );
    expect((await mailboxInbox(a, boxA2.id)).data).toEqual([]);
  });

  it('should copy existing addresses and verified domains into the namespace, the older of two holders keeping an address, whichever module migrates first', async () => {
    const connection = t.platform.orm.em.getConnection();
    const boxA = (await mailbox(a, { name: 'backfilled' })).body.data;
    const deskB = (await inbox(b, 'backfill-desk@support-b.test')).body.data;
    // Before the namespace: B's inbox, created earlier, held the same address as A's mailbox.
    await connection.execute(
      `update support.inboxes set email = 'backfilled@agents.localhost', created_at = now() - interval '1 day' where id = ?`,
      [deskB.id],
    );
    type MigrationClass = new (
      driver: AbstractSqlDriver,
      config: typeof t.platform.orm.config,
    ) => { up(): Promise<void>; getQueries(): unknown[] };
    const run = async (migration: MigrationClass) => {
      const instance = new migration(t.platform.orm.em.getDriver() as AbstractSqlDriver, t.platform.orm.config);
      await instance.up();
      for (const query of instance.getQueries()) await connection.execute(String(query));
    };
    const owner = async (address: string) =>
      (
        await connection.execute('select module, resource_id from platform.inbound_addresses where address = ?', [
          address,
        ])
      )[0];
    for (const order of [
      [Migration20261128110100_mailboxes_inbound_addresses, Migration20261128110100_support_inbound_addresses],
      [Migration20261128110100_support_inbound_addresses, Migration20261128110100_mailboxes_inbound_addresses],
    ]) {
      await connection.execute('delete from platform.inbound_addresses');
      await connection.execute('delete from platform.verified_domains');
      for (const migration of order) await run(migration as unknown as MigrationClass);
      expect(await owner('backfilled@agents.localhost')).toEqual({ module: 'support', resource_id: deskB.id });
      expect(await owner('boxa@agents.localhost')).toMatchObject({ module: 'mailboxes' });
      expect(await owner('desk@agents.localhost')).toMatchObject({ module: 'support' });
      expect(await connection.execute(`select domain from platform.verified_domains`)).toEqual([
        { domain: 'a-mail.test' },
      ]);
    }
    expect(boxA.address).toBe('backfilled@agents.localhost');
  });

  it('should let exactly one of many concurrent creates of one address win, across organizations and modules', async () => {
    for (let round = 0; round < 5; round += 1) {
      const name = `race${round}`;
      const answers = await Promise.all([
        mailbox(a, { name }),
        inbox(b, `${name}@agents.localhost`),
        mailbox(b, { name }),
        inbox(a, `${name}@agents.localhost`, 'Desk 2'),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
      const owners = await t.platform.orm.em
        .getConnection()
        .execute('select module from platform.inbound_addresses where address = ?', [`${name}@agents.localhost`]);
      expect(owners).toHaveLength(1);
    }
  });
});
