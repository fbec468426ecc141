// A lean SMTP sender for load generation: one connection that sends message after message, MAIL FROM, RCPT TO and
// DATA in one write (PIPELINING, RFC 2920), then the message, as a sending MTA does. It costs the shared 2 cores far
// less per message than nodemailer, so the bench measures the server rather than its client. Plain text only: no TLS, no AUTH; the raw message must use CRLF line ends.
import { connect, type Socket } from 'node:net';

interface Reply {
  code: number;
  text: string;
}

export class PipelinedSmtpConnection {
  private readonly replies: Reply[] = [];
  private readonly waiting: ((reply: Reply) => void)[] = [];
  private pending = '';
  private lines: string[] = [];

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => this.read(chunk));
    socket.on('error', () => undefined); // a lost connection shows as replies that never come: the bench times out
  }

  static async open(port: number, host = '127.0.0.1'): Promise<PipelinedSmtpConnection> {
    const socket = connect(port, host);
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const connection = new PipelinedSmtpConnection(socket);
    await connection.expect(220);
    socket.write('EHLO load.test\r\n');
    const ehlo = await connection.expect(250);
    if (!/\bPIPELINING\b/.test(ehlo.text)) throw new Error('the server does not announce PIPELINING');
    return connection;
  }

  /**
   * Sends one message, given as parts already in wire form (`dotStuffed`, CRLF line ends, the last ending in CRLF),
   * so that a body shared by many messages is prepared once; resolves on the reply after its DATA (throws unless 250).
   */
  async send(from: string, to: string, parts: Buffer[]): Promise<void> {
    this.socket.write(`MAIL FROM:<${from}>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
    await this.expect(250);
    await this.expect(250);
    await this.expect(354);
    this.socket.cork();
    for (const part of parts) this.socket.write(part);
    this.socket.write('.\r\n');
    this.socket.uncork();
    await this.expect(250);
  }

  close(): void {
    this.socket.end('QUIT\r\n');
  }

  private async expect(code: number): Promise<Reply> {
    const reply = this.replies.shift() ?? (await new Promise<Reply>((resolve) => this.waiting.push(resolve)));
    if (reply.code !== code) throw new Error(`expected ${code}, got ${reply.code} ${reply.text}`);
    return reply;
  }

  private read(chunk: string) {
    const parts = (this.pending + chunk).split('\r\n');
    this.pending = parts.pop()!;
    for (const line of parts) {
      this.lines.push(line.slice(4));
      if (line[3] === '-') continue; // a multi-line reply goes on
      const reply = { code: Number(line.slice(0, 3)), text: this.lines.join('\n') };
      this.lines = [];
      const resolve = this.waiting.shift();
      if (resolve) resolve(reply);
      else this.replies.push(reply);
    }
  }
}

/** Text in SMTP's DATA form: a line starting with "." gets another (RFC 5321 section 4.5.2); CRLF line ends expected. */
export function dotStuffed(crlfText: string): Buffer {
  return Buffer.from(crlfText.replace(/(^|\r\n)\./g, '$1..'), 'utf8');
}
