import net from 'node:net';
import { startTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { mailboxesModule } from '../../../subgraphs/mailboxes/index.js';
import { HEADER_LIMITS, HeaderLimitCheck } from '../../../platform/mail/header-limits.js';
import { MAX_REFUSED_RECIPIENTS } from '../../../platform/mail/inbound-smtp-server.js';

/** A raw SMTP conversation: sends each line and collects every reply until the server closes or `QUIT` is answered. */
class RawSmtp {
  private readonly socket: net.Socket;
  private buffer = '';
  private waiting: ((line: string) => void)[] = [];
  readonly replies: string[] = [];
  readonly closed: Promise<void>;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => {
      this.buffer += chunk.toString('latin1');
      let end: number;
      while ((end = this.buffer.indexOf('\r\n')) >= 0) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        if (/^\d{3}-/.test(line)) continue; // continuation of a multi-line reply
        this.replies.push(line);
        this.waiting.shift()?.(line);
      }
    });
    this.socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
  }

  /** The next reply (the banner first). */
  reply(): Promise<string> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async command(line: string | Buffer): Promise<string> {
    const next = this.reply();
    this.socket.write(typeof line === 'string' ? `${line}\r\n` : line);
    return next;
  }

  end() {
    this.socket.destroy();
  }
}

describe('inbound SMTP limits: header block, recipients', () => {
  let t: TestPlatform;
  let address: string;

  beforeAll(async () => {
    t = await startTestPlatform(
      { SMTP_INBOUND_MAX_BYTES: String(8 * 1024 * 1024) },
      { modules: [mailboxesModule({ contactMessages: false })] },
    );
    const key = await t.key('smtp-limits');
    address = (await t.request('POST', '/v1/agent-email/mailboxes', { key, body: { name: 'limits' } })).body.data
      .address;
  });
  afterAll(() => t.stop());

  const open = async () => {
    const smtp = new RawSmtp(t.platform.smtpPort!);
    expect(await smtp.reply()).toMatch(/^220 /);
    expect(await smtp.command('EHLO sender.test')).toMatch(/^250 /);
    return smtp;
  };

  it('should refuse 200,000 folded header lines with 552 while /healthz keeps answering', async () => {
    const smtp = await open();
    expect(await smtp.command('MAIL FROM:<x@sender.test>')).toMatch(/^250 /);
    expect(await smtp.command(`RCPT TO:<${address}>`)).toMatch(/^250 /);
    expect(await smtp.command('DATA')).toMatch(/^354 /);
    const folded = Buffer.from(`Subject: x\r\n${' a\r\n'.repeat(200_000)}From: x@sender.test\r\n\r\nbody\r\n.\r\n`);
    let healthy = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const started = Date.now();
        const res = await fetch(`${t.url}/healthz`);
        // A generous bound: the old listener stopped every request for minutes on this message.
        expect({ status: res.status, slow: Date.now() - started > 5_000 }).toEqual({ status: 200, slow: false });
        healthy++;
      }
    })();
    const answer = await smtp.command(folded);
    polling = false;
    await poll;
    expect(answer).toMatch(/^552 5\.3\.4 .*header/);
    expect(healthy).toBeGreaterThan(0);
    // The session goes on: the next message is taken.
    expect(await smtp.command('MAIL FROM:<x@sender.test>')).toMatch(/^250 /);
    smtp.end();
  });

  const send = async (message: string) => {
    const smtp = await open();
    expect(await smtp.command('MAIL FROM:<x@sender.test>')).toMatch(/^250 /);
    expect(await smtp.command(`RCPT TO:<${address}>`)).toMatch(/^250 /);
    expect(await smtp.command('DATA')).toMatch(/^354 /);
    const answer = await smtp.command(`${message}\r\n.\r\n`);
    smtp.end();
    return answer;
  };

  it('should store, not answer 451 for ever, mail whose header, encoded word, address name or file name holds a NUL', async () => {
    const nul = '\u0000';
    const messages = [
      `From: a@sender.test\r\nSubject: plain${nul}nul\r\nMessage-ID: <nul-1@sender.test>\r\n\r\nbody`,
      `From: a@sender.test\r\nSubject: =?UTF-8?B?${Buffer.from(`encoded${nul}nul`).toString('base64')}?=\r\nMessage-ID: <nul-2@sender.test>\r\n\r\nbody`,
      `From: "Ev${nul}e" <a@sender.test>\r\nSubject: name nul\r\nMessage-ID: <nul-3@sender.test>\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nte${nul}xt\r\n--b\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="f${nul}.bin"\r\n\r\nabc\r\n--b--`,
    ];
    for (const message of messages) expect(await send(message)).toMatch(/^250 /);
    const key = await t.key('smtp-limits');
    const mailbox = (await t.request('GET', '/v1/agent-email/mailboxes', { key })).body.data[0];
    const inbox = (await t.request('GET', `/v1/agent-email/mailboxes/${mailbox.id}/inbox`, { key })).body.data as {
      subject: string;
    }[];
    const subjects = inbox.map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['plain\uFFFDnul', 'encoded\uFFFDnul', 'name nul']));
  });

  it('should close the connection after too many unknown recipients', async () => {
    const smtp = await open();
    expect(await smtp.command('MAIL FROM:<x@sender.test>')).toMatch(/^250 /);
    const answers: string[] = [];
    for (let i = 0; i < MAX_REFUSED_RECIPIENTS; i++)
      answers.push(await smtp.command(`RCPT TO:<nobody${i}@agents.localhost>`));
    expect(answers.slice(0, -1).every((a) => a.startsWith('550 '))).toBe(true);
    expect(answers.at(-1)).toMatch(/^421 /);
    await smtp.closed;
  });

  it('should check header blocks as they stream, a unit at a time', () => {
    const ok = new HeaderLimitCheck();
    expect(ok.push(Buffer.from('Subject: hi\r\nFrom: a@b.c\r\n'))).toBeUndefined();
    expect(ok.push(Buffer.from('\r\nbody'))).toBeNull();
    expect(ok.end()).toBeNull();
    const many = new HeaderLimitCheck();
    expect(many.push(Buffer.from(`${'X-A: 1\r\n'.repeat(HEADER_LIMITS.maxFields + 1)}\r\n`))).toMatch(/header fields/);
    const long = new HeaderLimitCheck();
    expect(long.push(Buffer.from(`Subject: ${'x'.repeat(HEADER_LIMITS.maxLineBytes + 10)}`))).toMatch(/header line/);
    const endless = new HeaderLimitCheck();
    let verdict: string | null | undefined;
    for (let i = 0; i < 100 && verdict === undefined; i++)
      verdict = endless.push(Buffer.from('X-B: 12345678\r\n'.repeat(300)));
    expect(verdict).toMatch(/header block over|header lines/);
  });
});
