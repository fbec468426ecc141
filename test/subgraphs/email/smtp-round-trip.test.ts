import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { startTestPlatform, eventually, type TestPlatform } from '../../helpers/test-platform.js';

describe('email over real SMTP, with tracking and one-click unsubscribe', () => {
  let t: TestPlatform;
  let key: string;
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await startTestPlatform({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    key = await t.key('smtp-org');
  });
  afterAll(async () => {
    await t.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('should deliver what nodemailer sent: headers, bodies, attachment, tracking and List-Unsubscribe', async () => {
    const res = await t.request('POST', '/emails', {
      key,
      body: {
        from: 'Acme <news@acme.example>',
        to: ['reader@example.com'],
        cc: 'boss@example.com',
        replyTo: 'help@acme.example',
        subject: 'Round trip',
        html: '<html><body><p>Hi</p><a href="https://acme.example/offer?a=1&amp;b=2">offer</a><a href="mailto:x@acme.example">mail</a></body></html>',
        text: 'Hi in text',
        headers: { 'X-Campaign': 'autumn' },
        tags: [{ name: 'category', value: 'news' }],
        attachments: [
          { filename: 'note.txt', content: Buffer.from('attached text').toString('base64'), contentType: 'text/plain' },
        ],
        trackOpens: true,
        trackClicks: true,
        listUnsubscribe: true,
      },
    });
    expect(res.status).toBe(200);
    const messageId = res.body.data.messageId;
    const mail = await eventually(async () => received.find((m) => m.subject === 'Round trip'));
    expect(mail.from?.value[0]).toMatchObject({ address: 'news@acme.example', name: 'Acme' });
    expect(mail.headers.get('x-campaign')).toBe('autumn');
    expect(mail.messageId).toBe(`<${messageId}@acme.example>`);
    expect(mail.text?.trim()).toBe('Hi in text');
    expect(mail.attachments[0]).toMatchObject({ filename: 'note.txt', contentType: 'text/plain' });
    expect(mail.attachments[0]!.content.toString()).toBe('attached text');
    const rawHeader = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
    expect(rawHeader('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain('mailto:x@acme.example');
    expect(mail.html).not.toContain('href="https://acme.example/offer');

    const delivered = await eventually(async () => {
      const got = await t.request('GET', `/emails/messages/${messageId}`, { key });
      return got.body.data.status === 'DELIVERED' ? got.body.data : null;
    });
    expect(delivered.providerMessageId).toBe(`<${messageId}@acme.example>`);

    // the open pixel
    const pixelPath = new URL(/src="([^"]+\/emails\/t\/open\/[^"]+)"/.exec(mail.html as string)![1]!).pathname;
    const pixel = await t.request('GET', pixelPath);
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    // the rewritten link redirects to the original URL
    const clickPath = new URL(/href="([^"]+\/emails\/t\/click\/[^"]+)"/.exec(mail.html as string)![1]!).pathname;
    const click = await t.request('GET', clickPath);
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://acme.example/offer?a=1&b=2');
    const counted = await t.request('GET', `/emails/messages/${messageId}`, { key });
    expect(counted.body.data).toMatchObject({ openCount: 1, clickCount: 1 });

    // one-click unsubscribe (RFC 8058 posts a form body)
    const unsubscribeUrl = /<([^>]+)>/.exec(rawHeader('list-unsubscribe') ?? '')![1]!;
    const unsub = await t.request('POST', new URL(unsubscribeUrl).pathname, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsub.status).toBe(200);
    const again = await t.request('POST', '/emails', {
      key,
      body: { from: 'news@acme.example', to: 'Reader@Example.com', subject: 'x', text: 'y' },
    });
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({
      code: 'RECIPIENT_SUPPRESSED',
      details: { field: 'to', received: 'reader@example.com' },
    });

    const events = await t.platform.orm.em
      .getConnection()
      .execute<{ type: string; data: any }[]>('select type, data from platform.events order by seq');
    expect(events.map((e) => e.type)).toEqual([
      'email.sent',
      'email.delivered',
      'email.opened',
      'email.clicked',
      'email.unsubscribed',
    ]);
    expect(events[1]!.data).toEqual({
      messageId,
      to: ['reader@example.com'],
      subject: 'Round trip',
      deliveredAt: expect.any(String),
    });
    expect(events[3]!.data).toMatchObject({ messageId, url: 'https://acme.example/offer?a=1&b=2' });
  });

  it('should ignore forged tracking tokens without recording anything', async () => {
    const pixel = await t.request('GET', '/emails/t/open/eyJmb3JnZWQiOnRydWV9.AAAA');
    expect(pixel.status).toBe(200);
    const click = await t.request('GET', '/emails/t/click/garbage');
    expect(click.status).toBe(404);
    const unsub = await t.request('GET', '/emails/t/unsubscribe/garbage');
    expect(unsub.status).toBe(404);
  });
});
