import { eventually as eventuallyWithin, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { recordStatements } from '../../helpers/sent-statements.js';
import { crmModule } from '../../../subgraphs/crm/index.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { mailboxesModule } from '../../../subgraphs/mailboxes/index.js';

// Jobs run asynchronously; a busy shared machine can take a while (no timing is asserted).
const eventually = <T>(check: () => Promise<T | undefined | null | false>) => eventuallyWithin(check, 30_000);

const P = '/v1/agent-email';

describe('mailboxes across modules: Contact.mailboxMessages and sending through the email module', () => {
  let t: TestPlatform;
  let key: string;
  let box: { id: string; address: string };

  beforeAll(async () => {
    t = await startTestPlatform(
      { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' },
      { modules: [emailModule(), webhooksModule(), crmModule(), mailboxesModule()] },
    );
    key = await t.key('mbx-fed');
    box = (await t.request('POST', `${P}/mailboxes`, { key, body: { name: 'sales' } })).body.data;
    for (const email of ['ada@example.com', 'bob@example.com', 'cyd@example.com']) {
      expect(
        (await t.request('POST', '/crm/contacts', { key, body: { email, name: email.split('@')[0] } })).status,
      ).toBe(202);
    }
    await eventually(async () => (await t.request('GET', '/crm/contacts/cyd@example.com', { key })).status === 200);
  });
  afterAll(() => t.stop());

  it("should send to an outside address through the email module's path: from the mailbox, threading headers, then delivered", async () => {
    const sent = await t.request('POST', `${P}/messages/send`, {
      key,
      body: {
        from: box.address,
        to: ['Ada <ada@example.com>'],
        cc: ['bob@example.com'],
        subject: 'Offer',
        text: 'Our offer',
        headers: { 'X-Deal': '42' },
      },
    });
    expect(sent.status).toBe(202);
    expect(sent.body.data).toMatchObject({ cc: ['bob@example.com'], bcc: [] });
    const delivered = await eventually(async () => {
      const m = (await t.request('GET', `${P}/inbox/${sent.body.data.id}`, { key })).body.data;
      return m.status === 'delivered' ? m : null;
    });
    expect(delivered).toMatchObject({ sentAt: expect.any(String), deliveredAt: expect.any(String) });
    const emails = (await t.request('GET', '/emails/messages', { key })).body.data;
    const email = emails.find((e: { subject: string }) => e.subject === 'Offer');
    expect(email).toMatchObject({
      from: box.address,
      to: ['"Ada" <ada@example.com>'],
      cc: ['bob@example.com'],
      status: 'DELIVERED',
    });
    const events = await t.platform.orm.em
      .getConnection()
      .execute(`select type from platform.events where data->>'messageId' = ? order by seq`, [sent.body.data.id]);
    expect(events.map((e) => e.type)).toEqual(['message.sent', 'message.delivered']);
    // A reply-all to it keeps ada and bob, never the mailbox itself.
    const replyAll = await t.request('POST', `${P}/messages/${sent.body.data.id}/reply-all`, {
      key,
      body: { text: 'Following up' },
    });
    expect(replyAll.body.data.to).toEqual(['"Ada" <ada@example.com>']);
  });

  it('should answer Contact.mailboxMessages through the gateway, batched in one query for every contact', async () => {
    const statements = recordStatements();
    try {
      const res = await t.graphql(
        key,
        '{ contacts(limit: 10) { data { email mailboxMessages { id subject direction } } } }',
      );
      expect(res.body.errors).toBeUndefined();
      const byEmail = Object.fromEntries(
        res.body.data.contacts.data.map((c: { email: string; mailboxMessages: unknown[] }) => [
          c.email,
          c.mailboxMessages.length,
        ]),
      );
      expect(byEmail).toEqual({ 'ada@example.com': 2, 'bob@example.com': 2, 'cyd@example.com': 0 });
      const queries = statements
        .texts()
        .filter((text) => text.includes('mailboxes.messages') && text.includes('addresses @>'));
      expect(queries).toHaveLength(1);
    } finally {
      statements.stop();
    }
    const one = await t.graphql(
      key,
      '{ contact(id: "ada@example.com") { email mailboxMessages { subject direction } } }',
    );
    expect(one.body.data.contact.mailboxMessages).toEqual([
      { subject: 'Re: Offer', direction: 'outbound' },
      { subject: 'Offer', direction: 'outbound' },
    ]);
    const noScope = await t.key('mbx-fed', 'SERVER', ['crm']);
    const forbidden = await t.graphql(noScope, '{ contact(id: "ada@example.com") { email mailboxMessages { id } } }');
    expect(forbidden.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
