import { generateKeyPairSync } from 'node:crypto';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { eventually as eventuallyWithin, startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { emailModule } from '../../../subgraphs/email/index.js';
import { webhooksModule } from '../../../subgraphs/webhooks/index.js';
import { mailboxesModule } from '../../../subgraphs/mailboxes/index.js';
import { RECIPIENT_MEMO_MS } from '../../../subgraphs/mailboxes/inbound/recipient-mailboxes.js';
import { ShiftedClock } from '../../../platform/clock/job-clock.js';

// Jobs run asynchronously; a busy shared machine can take a while (no timing is asserted).
const eventually = <T>(check: () => Promise<T | undefined | null | false>) => eventuallyWithin(check, 30_000);

const P = '/v1/agent-email';

// The sender's DNS, answered here: SPF allows loopback, a DKIM key, a DMARC policy. Nothing reaches the internet.
const dkim = generateKeyPairSync('rsa', { modulusLength: 2048 });
const DNS: Record<string, string[][]> = {
  'TXT sender.test': [['v=spf1 ip4:127.0.0.1 -all']],
  'TXT sel._domainkey.sender.test': [
    [`v=DKIM1; k=rsa; p=${dkim.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`],
  ],
  'TXT _dmarc.sender.test': [['v=DMARC1; p=reject']],
};
const resolver = async (name: string, rrtype: string) => {
  const answer = DNS[`${rrtype} ${name.toLowerCase()}`];
  if (answer) return answer;
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

describe('inbound SMTP: a real client to the platform listener', () => {
  let t: TestPlatform;
  let key: string;
  let robin: { id: string; address: string };
  let sam: { id: string; address: string };
  let smtp: Transporter;
  const clock = new ShiftedClock(new Date());

  beforeAll(async () => {
    t = await startTestPlatform(
      { SMTP_INBOUND_MAX_BYTES: '200000', LOG_LEVEL: process.env.TEST_LOG ?? 'silent' },
      {
        modules: [emailModule(), webhooksModule(), mailboxesModule({ contactMessages: false, clock })],
        mailAuthResolver: resolver,
      },
    );
    key = await t.key('mbx-inbound');
    robin = (await t.request('POST', `${P}/mailboxes`, { key, body: { name: 'robin' } })).body.data;
    sam = (await t.request('POST', `${P}/mailboxes`, { key, body: { name: 'sam' } })).body.data;
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

  const inbox = async (mailboxId: string) =>
    (await t.request('GET', `${P}/mailboxes/${mailboxId}/inbox?sort=received_at:asc`, { key })).body;
  const byMessageId = async (mailboxId: string, messageId: string) =>
    (await inbox(mailboxId)).data.find((m: { messageId: string }) => m.messageId === messageId);
  const deliver = (mail: SendMailOptions) =>
    smtp.sendMail({ from: 'Ext Person <ext@sender.test>', to: robin.address, text: 'body', ...mail });

  it('should store a DKIM-signed message with headers, bodies, attachments and pass verdicts, and emit message.received', async () => {
    const signed = nodemailer.createTransport({
      host: '127.0.0.1',
      port: t.platform.smtpPort!,
      secure: false,
      ignoreTLS: true,
      dkim: {
        domainName: 'sender.test',
        keySelector: 'sel',
        privateKey: dkim.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    });
    const info = await signed.sendMail({
      from: 'Ext Person <ext@sender.test>',
      to: robin.address,
      cc: 'other@elsewhere.test',
      subject: 'Project kickoff',
      messageId: '<m1@sender.test>',
      text: 'Kickoff on Monday',
      html: '<p>Kickoff on <b>Monday</b></p>',
      attachments: [{ filename: 'plan.txt', content: 'the plan' }],
    });
    signed.close();
    expect(info.accepted).toEqual([robin.address]);
    const item = await eventually(() => byMessageId(robin.id, '<m1@sender.test>'));
    expect(item).toMatchObject({
      from: '"Ext Person" <ext@sender.test>',
      subject: 'Project kickoff',
      textPreview: 'Kickoff on Monday',
      attachmentCount: 1,
      read: false,
      auth: { spf: 'pass', dkim: 'pass', dmarc: 'pass' },
    });
    const full = (await t.request('GET', `${P}/inbox/${item.id}`, { key })).body.data;
    expect(full.htmlBody).toContain('<b>Monday</b>');
    expect(full.textBody.trim()).toBe('Kickoff on Monday');
    expect(full.cc).toEqual(['other@elsewhere.test']);
    expect(full.headers['dkim-signature']).toContain('d=sender.test');
    expect(full.attachments).toEqual([
      expect.objectContaining({
        filename: 'plan.txt',
        contentType: 'text/plain',
        size: 8,
        content: Buffer.from('the plan').toString('base64'),
      }),
    ]);
    const events = await t.platform.orm.em
      .getConnection()
      .execute(`select data from platform.events where type = 'message.received' and data->>'messageId' = ?`, [
        item.id,
      ]);
    expect(events[0].data).toMatchObject({
      mailboxId: robin.id,
      messageId: item.id,
      threadId: item.threadId,
      thread: { id: item.threadId, messageCount: 1 },
      message: { messageId: '<m1@sender.test>' },
    });
  });

  it('should record the verdicts of an unsigned message (mailauth reads its headers only): SPF and DMARC pass, DKIM none', async () => {
    await deliver({ subject: 'Unsigned', messageId: '<u1@sender.test>', text: 'line\r\n'.repeat(2_000) });
    const item = await eventually(() => byMessageId(robin.id, '<u1@sender.test>'));
    expect(item.auth).toEqual({ spf: 'pass', dkim: 'none', dmarc: 'pass' });
  });

  it("should thread a corpus: reply, References only, changed subject, forward, and a reply to another mailbox's message", async () => {
    const first = await eventually(() => byMessageId(robin.id, '<m1@sender.test>'));
    await deliver({
      subject: 'Re: Project kickoff',
      messageId: '<m2@sender.test>',
      inReplyTo: '<m1@sender.test>',
      references: ['<m1@sender.test>'],
    });
    await deliver({
      subject: 'RE: [team] Project kickoff',
      messageId: '<m3@sender.test>',
      references: ['<m1@sender.test>', '<m2@sender.test>'],
    });
    await deliver({
      subject: 'Re: Budget',
      messageId: '<m4@sender.test>',
      inReplyTo: '<m1@sender.test>',
      references: ['<m1@sender.test>'],
    });
    await deliver({ subject: 'Fwd: Project kickoff', messageId: '<m5@sender.test>' });
    await smtp.sendMail({
      from: 'ext@sender.test',
      to: sam.address,
      subject: 'Sam only',
      messageId: '<s1@sender.test>',
      text: 'x',
    });
    await deliver({
      subject: 'Re: Sam only',
      messageId: '<m6@sender.test>',
      inReplyTo: '<s1@sender.test>',
      references: ['<s1@sender.test>'],
    });

    const thread = async (id: string) => (await eventually(() => byMessageId(robin.id, id))).threadId as string;
    expect(await thread('<m2@sender.test>')).toBe(first.threadId);
    expect(await thread('<m3@sender.test>')).toBe(first.threadId);
    const others = [
      await thread('<m4@sender.test>'),
      await thread('<m5@sender.test>'),
      await thread('<m6@sender.test>'),
    ];
    expect(new Set([first.threadId, ...others]).size).toBe(4);
    const samMessage = await eventually(() => byMessageId(sam.id, '<s1@sender.test>'));
    expect(others).not.toContain(samMessage.threadId);

    const full = (await t.request('GET', `${P}/threads/${first.threadId}`, { key })).body.data;
    expect(full).toMatchObject({ subject: 'Project kickoff', messageCount: 3, unreadCount: 3 });
    expect(full.messages.map((m: { messageId: string }) => m.messageId)).toEqual([
      '<m1@sender.test>',
      '<m2@sender.test>',
      '<m3@sender.test>',
    ]);
    // A reply sent from the platform joins the same thread and carries the chain.
    const reply = await t.request('POST', `${P}/messages/${full.messages[2].id}/reply`, {
      key,
      body: { text: 'Noted' },
    });
    expect(reply.body.data).toMatchObject({
      threadId: first.threadId,
      subject: 'RE: [team] Project kickoff',
      to: ['"Ext Person" <ext@sender.test>'],
    });
  });

  it('should not store the same Message-ID twice in a mailbox (a retried delivery)', async () => {
    await deliver({ subject: 'Once', messageId: '<dup@sender.test>' });
    await deliver({ subject: 'Once', messageId: '<dup@sender.test>' });
    await eventually(() => byMessageId(robin.id, '<dup@sender.test>'));
    const all = (await inbox(robin.id)).data.filter((m: { messageId: string }) => m.messageId === '<dup@sender.test>');
    expect(all).toHaveLength(1);
  });

  it('should refuse unknown recipients at RCPT TO with 550 and accept the known ones', async () => {
    const info = await smtp.sendMail({
      from: 'ext@sender.test',
      to: [robin.address, 'nobody@agents.localhost'],
      subject: 'Partly',
      text: 'x',
      messageId: '<partly@sender.test>',
    });
    expect(info.accepted).toEqual([robin.address]);
    expect(info.rejected).toEqual(['nobody@agents.localhost']);
    expect(String((info as unknown as { rejectedErrors: { response: string }[] }).rejectedErrors[0]!.response)).toMatch(
      /^550/,
    );
    await expect(
      smtp.sendMail({ from: 'ext@sender.test', to: 'ghost@agents.localhost', subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it('should not acknowledge mail to a deleted mailbox: 550 at RCPT at once, its address released, even while the mailbox lookup remembers it (injected clock)', async () => {
    const gone = (await t.request('POST', `${P}/mailboxes`, { key, body: { name: 'gone' } })).body.data;
    const send = (subject: string) => smtp.sendMail({ from: 'ext@sender.test', to: gone.address, subject, text: 'x' });
    expect((await send('remembered')).accepted).toEqual([gone.address]);
    expect((await t.request('DELETE', `${P}/mailboxes/${gone.id}`, { key })).status).toBe(200);
    await expect(send('after the delete')).rejects.toMatchObject({ responseCode: 550 });
    clock.set(new Date(Date.now() + RECIPIENT_MEMO_MS));
    await expect(send('later')).rejects.toMatchObject({ responseCode: 550 });
    clock.set(new Date()); // the wall clock again, for the scheduled sends of the other tests
  });

  it('should announce the size limit and refuse a larger message with 552', async () => {
    const big = 'x'.repeat(300_000);
    await expect(deliver({ subject: 'Too big', text: big })).rejects.toMatchObject({ responseCode: 552 });
  });

  it('should match a delivery status notification to the sent message: bounced, message.bounced', async () => {
    const sent = await t.request('POST', `${P}/messages/send`, {
      key,
      body: { from: robin.address, to: ['gone@remote.test'], subject: 'Hello remote', text: 'Hi' },
    });
    expect(sent.status).toBe(202);
    const message = await eventually(async () => {
      const m = (await t.request('GET', `${P}/inbox/${sent.body.data.id}`, { key })).body.data;
      // The local capture's delivery report may move it on to delivered before a poll sees sent.
      return m.status === 'sent' || m.status === 'delivered' ? m : null;
    });
    const dsn = [
      'From: Mail Delivery System <mailer-daemon@remote.test>',
      `To: ${robin.address}`,
      'Subject: Undelivered Mail Returned to Sender',
      'Message-ID: <dsn1@remote.test>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
      '',
      '--B',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '',
      '--B',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.remote.test',
      '',
      'Final-Recipient: rfc822; gone@remote.test',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
      '',
      '--B',
      'Content-Type: text/rfc822-headers',
      '',
      `From: ${robin.address}`,
      'To: gone@remote.test',
      `Message-ID: ${message.messageId}`,
      'Subject: Hello remote',
      '',
      '--B--',
      '',
    ].join('\r\n');
    await smtp.sendMail({ envelope: { from: '', to: [robin.address] }, raw: dsn });
    const bounced = await eventually(async () => {
      const m = (await t.request('GET', `${P}/inbox/${message.id}`, { key })).body.data;
      return m.status === 'bounced' ? m : null;
    });
    expect(bounced).toMatchObject({ bounceReason: 'smtp; 550 5.1.1 User unknown', bouncedAt: expect.any(String) });
    const events = await t.platform.orm.em
      .getConnection()
      .execute(`select data from platform.events where type = 'message.bounced' and data->>'messageId' = ?`, [
        message.id,
      ]);
    expect(events[0].data).toMatchObject({
      mailboxId: robin.id,
      messageId: message.id,
      bounceType: 'hard',
      reason: 'smtp; 550 5.1.1 User unknown',
    });
    // The report itself is not filed as an ordinary message.
    expect(await byMessageId(robin.id, '<dsn1@remote.test>')).toBeUndefined();
  });
});
