import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import net from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser } from 'mailparser';
import {
  classifySendError,
  createCaptureTransport,
  createSmtpTransport,
  type MailTransport,
  type OutgoingMail,
} from '../../../../subgraphs/email/sending/mail-transport.js';

interface TestServer {
  server: SMTPServer;
  url: string;
  /** Raw messages the server accepted, in order. */
  received: Buffer[];
}

const servers: SMTPServer[] = [];
const transports: MailTransport[] = [];

/** A local SMTP server without TLS; `options` adds handlers such as onRcptTo. */
async function startServer(options: Partial<SMTPServerOptions> = {}): Promise<TestServer> {
  const received: Buffer[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
    ...options,
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return { server, url: `smtp://127.0.0.1:${port}`, received };
}

function transportFor(
  url: string,
  dkim?: { domainName: string; keySelector: string; privateKey: string },
): MailTransport {
  const transport = createSmtpTransport({ url, poolSize: 2, dkim });
  transports.push(transport);
  return transport;
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** Minimal relaxed/relaxed DKIM check (RFC 6376 §3.4, §3.7), enough to prove the signature is genuine. */
function verifyDkim(raw: string, publicKey: string): { bodyHash: boolean; signature: boolean } {
  const split = raw.indexOf('\r\n\r\n');
  const fields = raw.slice(0, split).split(/\r\n(?![ \t])/);
  const relaxed = (field: string) => {
    const colon = field.indexOf(':');
    const value = field
      .slice(colon + 1)
      .replace(/\r\n/g, '')
      .replace(/[ \t]+/g, ' ')
      .trim();
    return `${field.slice(0, colon).trim().toLowerCase()}:${value}`;
  };
  const dkimField = fields.find((f) => /^dkim-signature:/i.test(f))!;
  const tags = new Map(
    relaxed(dkimField)
      .slice('dkim-signature:'.length)
      .split(';')
      .map((t) => {
        const eq = t.indexOf('=');
        return [t.slice(0, eq).trim(), t.slice(eq + 1).replace(/\s+/g, '')] as [string, string];
      }),
  );
  let body = raw
    .slice(split + 4)
    .split('\r\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''))
    .join('\r\n');
  body = body.replace(/(\r\n)+$/, '');
  body = body === '' ? '' : `${body}\r\n`;
  const bodyHash = createHash('sha256').update(body).digest('base64') === tags.get('bh');
  const signed = tags
    .get('h')!
    .split(':')
    .map((name) => relaxed(fields.find((f) => f.toLowerCase().startsWith(`${name.toLowerCase()}:`))!));
  const unsigned = relaxed(dkimField).replace(/(;\s*b=)[^;]*/, '$1');
  const data = [...signed, unsigned].join('\r\n');
  const signature = createVerify('RSA-SHA256').update(data).verify(publicKey, tags.get('b')!, 'base64');
  return { bodyHash, signature };
}

const mail: OutgoingMail = {
  messageId: 'em_01test',
  from: 'Acme Support <support@acme.example>',
  to: ['Jane Doe <jane@customer.example>'],
  cc: ['cc@customer.example'],
  bcc: ['audit@acme.example'],
  replyTo: ['help@acme.example'],
  subject: 'Welcome to Acme – déjà vu',
  html: '<p>Hello <b>Jane</b></p>',
  text: 'Hello Jane',
  headers: { 'X-Campaign': 'welcome', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  attachments: [
    { filename: 'hello.txt', content: Buffer.from('attached text').toString('base64'), contentType: 'text/plain' },
  ],
};

afterAll(async () => {
  for (const transport of transports) transport.close();
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

describe('createSmtpTransport', () => {
  it('delivers the full message over SMTP', async () => {
    const { url, received } = await startServer();
    const outcome = await transportFor(url).send(mail);

    expect(outcome).toEqual({
      kind: 'accepted',
      providerMessageId: '<em_01test@acme.example>',
      response: expect.stringMatching(/^250/),
    });
    expect(received).toHaveLength(1);
    const parsed = await simpleParser(received[0]);
    expect(parsed.from?.value).toEqual([{ name: 'Acme Support', address: 'support@acme.example' }]);
    expect(parsed.to).toMatchObject({ value: [{ name: 'Jane Doe', address: 'jane@customer.example' }] });
    expect(parsed.cc).toMatchObject({ value: [{ address: 'cc@customer.example' }] });
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'help@acme.example' }]);
    expect(parsed.subject).toBe('Welcome to Acme – déjà vu');
    expect(parsed.html).toBe('<p>Hello <b>Jane</b></p>');
    expect(parsed.text?.trim()).toBe('Hello Jane');
    expect(parsed.messageId).toBe('<em_01test@acme.example>');
    expect(parsed.headers.get('x-campaign')).toBe('welcome');
    expect(parsed.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(parsed.headers.has('x-mailer')).toBe(false);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({ filename: 'hello.txt', contentType: 'text/plain' });
    expect(parsed.attachments[0].content.toString('utf8')).toBe('attached text');
  });

  it('puts bcc recipients in the envelope only', async () => {
    const recipients: string[] = [];
    const { url } = await startServer({
      onRcptTo(address, _session, callback) {
        recipients.push(address.address);
        callback();
      },
    });
    await transportFor(url).send(mail);
    expect(recipients.sort()).toEqual(['audit@acme.example', 'cc@customer.example', 'jane@customer.example']);
  });

  it('signs with DKIM, covering the one-click unsubscribe headers', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const { url, received } = await startServer();
    const outcome = await transportFor(url, { domainName: 'acme.example', keySelector: 'mail2024', privateKey }).send({
      ...mail,
      headers: {
        'List-Unsubscribe': '<https://api.example/emails/t/unsubscribe/x>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });

    expect(outcome.kind).toBe('accepted');
    const parsed = await simpleParser(received[0]);
    const raw = received[0].toString('utf8');
    expect(parsed.headers.has('dkim-signature')).toBe(true);
    const signature = raw
      .slice(raw.indexOf('DKIM-Signature:'))
      .split(/\r\n(?![ \t])/)[0]
      .replace(/\s+/g, '');
    expect(signature).toContain('d=acme.example;');
    expect(signature).toContain('s=mail2024;');
    expect(signature).toMatch(/h=[^;]*list-unsubscribe:list-unsubscribe-post;/i);
    expect(verifyDkim(raw, publicKey)).toEqual({ bodyHash: true, signature: true });
    // The checker is not vacuous: a changed signed header or body breaks it.
    expect(verifyDkim(raw.replace('List-Unsubscribe-Post: ', 'List-Unsubscribe-Post: X'), publicKey).signature).toBe(
      false,
    );
    expect(verifyDkim(raw.replace('Hello Jane', 'Hello Joan'), publicKey).bodyHash).toBe(false);
  });

  it('reports a 550 recipient rejection as permanent', async () => {
    const { url, received } = await startServer({
      onRcptTo: (_address, _session, callback) => callback(smtpError(550, 'No such user')),
    });
    const outcome = await transportFor(url).send({ ...mail, cc: undefined, bcc: undefined });

    expect(outcome).toMatchObject({
      kind: 'rejected',
      permanent: true,
      responseCode: 550,
      response: expect.stringContaining('No such user'),
    });
    expect(received).toHaveLength(0);
  });

  it('reports a 450 recipient rejection as temporary', async () => {
    const { url } = await startServer({
      onRcptTo: (_address, _session, callback) => callback(smtpError(450, 'Mailbox busy')),
    });
    const outcome = await transportFor(url).send({ ...mail, cc: undefined, bcc: undefined });

    expect(outcome).toMatchObject({ kind: 'rejected', permanent: false, responseCode: 450 });
  });

  it('reports a 554 at end of data as permanent', async () => {
    const { url } = await startServer({
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback(smtpError(554, 'Spam detected')));
      },
    });
    const outcome = await transportFor(url).send(mail);

    expect(outcome).toMatchObject({ kind: 'rejected', permanent: true, responseCode: 554 });
  });

  it('accepts a message when only some recipients are refused, and names them', async () => {
    const { url, received } = await startServer({
      onRcptTo: (address, _session, callback) =>
        callback(address.address === 'cc@customer.example' ? smtpError(550, 'No such user') : undefined),
    });
    const outcome = await transportFor(url).send(mail);

    expect(outcome).toMatchObject({ kind: 'accepted', rejectedRecipients: ['cc@customer.example'] });
    expect(received).toHaveLength(1);
  });

  it('reports a closed port as failed', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const outcome = await transportFor(`smtp://127.0.0.1:${port}`).send(mail);

    expect(outcome).toMatchObject({ kind: 'failed', error: expect.stringMatching(/ECONNREFUSED|ESOCKET|ECONNECTION/) });
  });
});

describe('createCaptureTransport', () => {
  it('builds the MIME and reports it as accepted', async () => {
    const transport = createCaptureTransport();
    transports.push(transport);
    const outcome = await transport.send({ ...mail, subject: 'Captured hello' });

    expect(outcome).toMatchObject({
      kind: 'accepted',
      providerMessageId: '<em_01test@acme.example>',
      response: 'captured',
    });
    if (outcome.kind !== 'accepted') throw new Error('not accepted');
    expect(outcome.mime).toContain('Subject: Captured hello');
    expect(outcome.mime).toContain('Message-ID: <em_01test@acme.example>');
    const parsed = await simpleParser(outcome.mime!);
    expect(parsed.html).toBe('<p>Hello <b>Jane</b></p>');
    expect(parsed.attachments[0].filename).toBe('hello.txt');
  });

  it('keeps custom headers from overriding the standard ones', async () => {
    const transport = createCaptureTransport();
    transports.push(transport);
    const outcome = await transport.send({
      ...mail,
      headers: { 'Message-ID': '<forged@evil.example>', Subject: 'Forged', 'X-Ok': 'yes' },
    });

    if (outcome.kind !== 'accepted') throw new Error('not accepted');
    const parsed = await simpleParser(outcome.mime!);
    expect(parsed.messageId).toBe('<em_01test@acme.example>');
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.headers.get('x-ok')).toBe('yes');
  });
});

describe('classifySendError', () => {
  it.each([
    [
      { code: 'EENVELOPE', responseCode: 550, response: '550 no' },
      { kind: 'rejected', permanent: true, responseCode: 550 },
    ],
    [
      { code: 'EENVELOPE', responseCode: 451, response: '451 later' },
      { kind: 'rejected', permanent: false, responseCode: 451 },
    ],
    [
      { code: 'EPROTOCOL', responseCode: 503, response: '503 bad sequence' },
      { kind: 'rejected', permanent: false, responseCode: 503 },
    ],
    [{ code: 'ETIMEDOUT' }, { kind: 'failed' }],
    [{ code: 'ECONNECTION' }, { kind: 'failed' }],
    [{ code: 'ESOCKET' }, { kind: 'failed' }],
    [{ code: 'EENVELOPE' }, { kind: 'rejected', permanent: true }],
  ])('%j → %j', (fields, expected) => {
    expect(classifySendError(Object.assign(new Error('boom'), fields))).toMatchObject(expected);
  });

  it('copes with non-Error throws', () => {
    expect(classifySendError('weird')).toEqual({ kind: 'failed', error: 'weird' });
    expect(classifySendError(undefined)).toMatchObject({ kind: 'failed' });
  });
});
