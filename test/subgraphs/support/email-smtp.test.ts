import nodemailer, { type Transporter } from 'nodemailer';
import { simpleParser } from 'mailparser';
import { eventually, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { supportModule } from '../../../subgraphs/support/index.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { createInbox } from './helpers/support-fixtures.js';

// No sender DNS here: every lookup answers "not found" at once (verdicts none), nothing leaves the machine.
const noDns = async (name: string) => {
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

describe('support email channel through the platform SMTP listener (nodemailer → inbound SMTP → support → email module)', () => {
  let t: TestPlatform;
  let key: string;
  let inbox: { id: string };
  let smtp: Transporter;
  const ADDRESS = 'help@support.smtp.example';

  beforeAll(async () => {
    t = await startTestPlatform(
      {},
      { modules: [emailModule(), supportModule({ contactConversations: false })], mailAuthResolver: noDns },
    );
    key = await t.key('sup-smtp');
    inbox = await createInbox(t, key, { name: 'SMTP Support', email: ADDRESS });
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
  });

  const conversation = async (id: string) =>
    (await t.request('GET', `/support/conversations/${id}`, { key })).body.data;
  /** The MIME the email module captured for a sent message, parsed. */
  const capturedMime = async (messageId: string) =>
    simpleParser(
      await eventually(async () => {
        const rows = await t.platform.orm.em
          .getConnection()
          .execute('select mime from email.captured where message_id = ?', [messageId]);
        return rows[0]?.mime as string | undefined;
      }),
    );

  it('should refuse at RCPT TO an address no inbox has', async () => {
    await expect(
      smtp.sendMail({ from: 'carol@example.com', to: 'nobody@support.smtp.example', subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it('should open a conversation from a mail, continue it by In-Reply-To, and send the agent reply threaded', async () => {
    // The listener answers 250 after the support module committed the mail, so the conversation is there already.
    const first = await smtp.sendMail({
      from: 'Carol Customer <carol@example.com>',
      to: ADDRESS,
      subject: 'Login fails',
      messageId: '<c1@mail.example.com>',
      text: 'I cannot log in.',
    });
    expect(first.accepted).toEqual([ADDRESS]);
    const list = (await t.request('GET', `/support/conversations?inboxId=${inbox.id}`, { key })).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ channel: 'email', subject: 'Login fails', status: 'open' });
    const id = list[0].id as string;
    const visitor = (await t.request('GET', `/support/visitors/${(await conversation(id)).visitorId}`, { key })).body
      .data;
    expect(visitor).toMatchObject({ email: 'carol@example.com', name: 'Carol Customer', identified: true });

    await smtp.sendMail({
      from: 'carol@example.com',
      to: ADDRESS,
      subject: 'Re: Login fails',
      messageId: '<c2@mail.example.com>',
      inReplyTo: '<c1@mail.example.com>',
      references: ['<c1@mail.example.com>'],
      text: 'Also on mobile.',
    });
    expect((await t.request('GET', `/support/conversations?inboxId=${inbox.id}`, { key })).body.meta.total).toBe(1);
    expect((await conversation(id)).messages.map((m: any) => [m.type, m.content])).toEqual([
      ['incoming', 'I cannot log in.'],
      ['incoming', 'Also on mobile.'],
    ]);

    // The agent's reply leaves through the email module: In-Reply-To the latest mail, References the whole thread.
    expect(
      (await t.request('POST', `/support/conversations/${id}/reply`, { key, body: { message: 'Reset link sent.' } }))
        .status,
    ).toBe(201);
    const sent = await eventually(async () =>
      ((await t.request('GET', '/emails/messages', { key })).body.data ?? []).find(
        (m: any) => m.subject === 'Re: Login fails',
      ),
    );
    const mime = await capturedMime(sent.messageId);
    expect(mime.from?.value).toEqual([{ name: 'SMTP Support', address: 'help@support.smtp.example' }]);
    expect(mime.to && !Array.isArray(mime.to) ? mime.to.text : null).toBe('carol@example.com');
    expect(mime.text?.trim()).toBe('Reset link sent.');
    expect(mime.messageId).toBe(`<${sent.messageId}@support.smtp.example>`);
    expect(mime.inReplyTo).toBe('<c2@mail.example.com>');
    expect(mime.references).toEqual(['<c1@mail.example.com>', '<c2@mail.example.com>']);

    // Carol answers the reply (In-Reply-To: our Message-ID only): the same conversation again.
    await smtp.sendMail({
      from: 'carol@example.com',
      to: ADDRESS,
      subject: 'Re: Login fails',
      messageId: '<c3@mail.example.com>',
      inReplyTo: mime.messageId,
      text: 'Works now.',
    });
    expect((await conversation(id)).messages.map((m: any) => m.content)).toEqual([
      'I cannot log in.',
      'Also on mobile.',
      'Reset link sent.',
      'Works now.',
    ]);
    expect((await t.request('GET', `/support/conversations?inboxId=${inbox.id}`, { key })).body.meta.total).toBe(1);
  });
});
