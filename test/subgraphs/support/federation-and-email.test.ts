import { createHmac } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { recordStatements } from '../../helpers/sent-statements.js';
import { supportModule } from '../../../subgraphs/support/index.js';
import { crmModule } from '../../../subgraphs/crm/index.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import type { InboundMail, InboundMailHandler } from '../../../platform/mail/inbound-mail.js';
import { createInbox, newConversation, widget } from './helpers/support-fixtures.js';

describe('support across modules: Contact.conversations (real CRM) and the email channel', () => {
  let t: TestPlatform;
  let key: string;
  let inbox: { id: string; widgetToken: string };
  let mail: InboundMailHandler;
  const module = supportModule();

  beforeAll(async () => {
    t = await startTestPlatform({}, { modules: [emailModule(), crmModule(), module] });
    key = await t.key('sup-fed');
    inbox = await createInbox(t, key, { name: 'Acme Support', email: 'help@support.acme.example' });
    mail = module.inboundMail!(t.platform.deps);
    for (const email of ['ada@example.com', 'bob@example.com']) {
      expect(
        (await t.request('POST', '/crm/contacts', { key, body: { email, name: email.split('@')[0] } })).status,
      ).toBe(202);
    }
    await eventually(async () => (await t.request('GET', '/crm/contacts/bob@example.com', { key })).status === 200);
  });
  afterAll(() => t.stop());

  const received = async (raw: string): Promise<InboundMail> => ({
    raw: Buffer.from(raw),
    parsed: await simpleParser(raw),
    envelope: { from: 'ada@example.com', to: ['help@support.acme.example'] },
    auth: { spf: 'pass', dkim: 'pass', dmarc: 'pass' },
    remoteAddress: '127.0.0.1',
    receivedAt: new Date(),
  });

  it('should link a visitor whose identity the host page signed to the CRM contact: { contact { conversations { messages } } }', async () => {
    const { secret } = (await t.request('POST', `/support/inboxes/${inbox.id}/identity-secret`, { key })).body.data;
    const { conversationId, visitor } = await newConversation(t, inbox.widgetToken, 'Widget question');
    const userHash = createHmac('sha256', secret).update('ada@example.com').digest('hex');
    const identified = await widget(t, inbox.widgetToken, visitor.visitorToken)('POST', 'identify', {
      email: 'ADA@example.com',
      name: 'Ada',
      userHash,
    });
    expect(identified.body.data).toMatchObject({ email: 'ada@example.com', verified: true });
    await t.request('POST', `/support/conversations/${conversationId}/reply`, {
      key,
      body: { message: 'Widget answer' },
    });
    const res = await t.graphql(
      key,
      'query($id: ID!) { contact(id: $id) { email conversations { id status messages { content } } } }',
      { id: 'ada@example.com' },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.contact).toEqual({
      email: 'ada@example.com',
      conversations: [
        {
          id: conversationId,
          status: 'open',
          messages: [{ content: 'Widget question' }, { content: 'Widget answer' }],
        },
      ],
    });
    const scoped = await t.key('sup-fed', 'SERVER', ['crm']);
    const denied = await t.graphql(scoped, '{ contact(id: "ada@example.com") { email conversations { id } } }');
    expect(denied.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('should batch Contact.conversations of every contact of a request (DataLoader)', async () => {
    const statements = recordStatements();
    try {
      const res = await t.graphql(key, '{ contacts(limit: 10) { data { email conversations { id } } } }');
      expect(res.body.errors).toBeUndefined();
      const counts = Object.fromEntries(res.body.data.contacts.data.map((c: any) => [c.email, c.conversations.length]));
      expect(counts).toEqual({ 'ada@example.com': 1, 'bob@example.com': 0 });
      expect(statements.texts().filter((text) => text.includes('"support"."visitors"'))).toHaveLength(1);
    } finally {
      statements.stop();
    }
  });

  it('should claim inbox addresses and turn mail into conversations, threaded by In-Reply-To and References', async () => {
    expect(await mail.claims('help@support.acme.example')).toBe(true);
    expect(await mail.claims('nobody@support.acme.example')).toBe(false);

    const first = [
      'From: Bob Builder <bob@example.com>',
      'To: help@support.acme.example',
      'Subject: Broken invoice',
      'Message-ID: <m1@mail.example.com>',
      'Date: Mon, 4 Mar 2030 08:00:00 +0000',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'My invoice is wrong.',
      '',
    ].join('\r\n');
    await mail.deliver(await received(first));
    await mail.deliver(await received(first)); // redelivered by the sender: stored once
    const list = await t.request('GET', `/support/conversations?inboxId=${inbox.id}`, { key });
    const emailConversation = list.body.data.find((c: any) => c.channel === 'email');
    expect(emailConversation).toMatchObject({ subject: 'Broken invoice', status: 'open' });
    const detail = (await t.request('GET', `/support/conversations/${emailConversation.id}`, { key })).body.data;
    expect(detail.messages.map((m: any) => m.content)).toEqual(['My invoice is wrong.']);
    const visitor = (await t.request('GET', `/support/visitors/${detail.visitorId}`, { key })).body.data;
    expect(visitor).toMatchObject({ email: 'bob@example.com', name: 'Bob Builder', identified: true });

    // The agent's reply goes out by email from the inbox address, threaded.
    const reply = await t.request('POST', `/support/conversations/${emailConversation.id}/reply`, {
      key,
      body: { message: 'Fixed, sorry!' },
    });
    expect(reply.status).toBe(201);
    const sent = await eventually(async () => {
      const messages = (await t.request('GET', '/emails/messages', { key })).body.data;
      return messages?.find((m: any) => m.subject === 'Re: Broken invoice');
    });
    const full = (await t.request('GET', `/emails/messages/${sent.messageId}`, { key })).body.data;
    expect(full).toMatchObject({
      from: 'Acme Support <help@support.acme.example>',
      to: ['bob@example.com'],
      text: 'Fixed, sorry!',
    });
    expect(full.headers).toMatchObject({ 'In-Reply-To': '<m1@mail.example.com>', References: '<m1@mail.example.com>' });
    // The MIME that went out carries the Message-ID the conversation keeps for threading.
    const mime = await eventually(async () => {
      const rows = await t.platform.orm.em
        .getConnection()
        .execute('select mime from email.captured where message_id = ?', [sent.messageId]);
      return rows[0]?.mime as string | undefined;
    });
    expect(mime).toContain(`Message-ID: <${sent.messageId}@support.acme.example>`);
    expect(mime).toContain('In-Reply-To: <m1@mail.example.com>');

    // Bob answers our reply: same conversation, found by In-Reply-To (our Message-ID) and References.
    const answer = [
      'From: bob@example.com',
      'To: help@support.acme.example',
      'Subject: Re: Broken invoice',
      'Message-ID: <m2@mail.example.com>',
      `In-Reply-To: <${sent.messageId}@support.acme.example>`,
      `References: <m1@mail.example.com> <${sent.messageId}@support.acme.example>`,
      'Content-Type: text/plain',
      '',
      'Thanks!',
      '',
    ].join('\r\n');
    await mail.deliver(await received(answer));
    const after = (await t.request('GET', `/support/conversations/${emailConversation.id}`, { key })).body.data;
    expect(after.messages.map((m: any) => [m.type, m.content])).toEqual([
      ['incoming', 'My invoice is wrong.'],
      ['reply', 'Fixed, sorry!'],
      ['incoming', 'Thanks!'],
    ]);

    // A mail that refers to nothing we know starts a new conversation for the same visitor.
    const fresh = [
      'From: bob@example.com',
      'To: help@support.acme.example',
      'Subject: Another thing',
      'Message-ID: <m3@mail.example.com>',
      'In-Reply-To: <unknown@x>',
      '',
      'New topic',
      '',
    ].join('\r\n');
    await mail.deliver(await received(fresh));
    const bobs = await t.request('GET', `/support/conversations?visitorId=${detail.visitorId}`, { key });
    expect(bobs.body.data.map((c: any) => c.subject).sort()).toEqual(['Another thing', 'Broken invoice']);
  });
});
