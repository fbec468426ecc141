import { MailWorker } from '../../../platform/mail/mail-worker.js';

/** A TXT record of `sender.test` naming who may send for it. */
function dnsWith(spf: string) {
  const asked: string[] = [];
  const lookup = async (name: string, rrtype: string) => {
    asked.push(`${rrtype} ${name}`);
    if (rrtype === 'TXT' && name === 'sender.test') return [[spf]];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
  return { lookup, asked };
}

const MESSAGE = Buffer.from(
  'From: a@sender.test\r\nTo: b@agents.localhost\r\nSubject: hi\r\nMessage-ID: <w1@sender.test>\r\n\r\nbody\r\n',
);

describe('MailWorker: parsing and authentication in a worker thread', () => {
  it("should compute SPF in the worker with DNS answered by the main thread's resolver", async () => {
    const allowed = dnsWith('v=spf1 ip4:192.0.2.10 -all');
    const worker = new MailWorker(allowed.lookup);
    try {
      const pass = await worker.authenticate(MESSAGE, {
        ip: '192.0.2.10',
        helo: 'mx.sender.test',
        sender: 'a@sender.test',
        mta: 'localhost',
      });
      expect(pass.spf).toBe('pass');
      const fail = await worker.authenticate(MESSAGE, {
        ip: '198.51.100.7',
        helo: 'mx.sender.test',
        sender: 'a@sender.test',
        mta: 'localhost',
      });
      expect(fail.spf).toBe('fail');
      expect(allowed.asked).toContain('TXT sender.test');
    } finally {
      await worker.close();
    }
  });

  it('should parse in the worker, with NULs made storable and attachment bytes kept', async () => {
    const worker = new MailWorker(dnsWith('v=spf1 -all').lookup);
    try {
      const raw = Buffer.from(
        'From: a@sender.test\r\nSubject: a\u0000b\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nhi\r\n--b\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename="x.bin"\r\n\r\nAAEA\r\n--b--\r\n',
      );
      const parsed = await worker.parse(raw);
      expect(parsed.subject).toBe('a\uFFFDb');
      expect(Buffer.isBuffer(parsed.attachments[0]!.content)).toBe(true);
      expect([...parsed.attachments[0]!.content]).toEqual([0, 1, 0]);
    } finally {
      await worker.close();
    }
  });

  it('should parse a message streamed chunk by chunk while the main loop keeps turning', async () => {
    const worker = new MailWorker(dnsWith('v=spf1 -all').lookup);
    try {
      await worker.parse(MESSAGE); // the worker's start-up is not the parse
      const line = `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(18)}\r\n`;
      const body = line.repeat(Math.ceil((4 * 1024 * 1024) / line.length));
      const raw = Buffer.from(`From: a@sender.test\r\nTo: b@agents.localhost\r\nSubject: large\r\n\r\n${body}`);
      const upload = worker.upload();
      for (let at = 0; at < raw.length; at += 65536) upload.push(raw.subarray(at, at + 65536));
      let turns = 0;
      let stop = false;
      const spin = () => {
        turns++;
        if (!stop) setImmediate(spin);
      };
      setImmediate(spin);
      const parsed = await upload.examine().parsed;
      stop = true;
      expect(parsed.subject).toBe('large');
      expect(parsed.text?.split('\n').filter(Boolean).length).toBe(body.split('\r\n').filter(Boolean).length); // every line, in text's newlines
      // Parsing 4 MB takes tens of milliseconds of CPU; in this thread not a single turn would pass meanwhile.
      expect(turns).toBeGreaterThan(20);
    } finally {
      await worker.close();
    }
  });

  it('should authenticate the streamed copy, and refuse a message that was dropped', async () => {
    const allowed = dnsWith('v=spf1 ip4:192.0.2.10 -all');
    const worker = new MailWorker(allowed.lookup);
    try {
      const upload = worker.upload();
      upload.push(MESSAGE.subarray(0, 20));
      upload.push(MESSAGE.subarray(20));
      const examined = upload.examine({
        ip: '192.0.2.10',
        helo: 'mx.sender.test',
        sender: 'a@sender.test',
        mta: 'localhost',
      });
      expect((await examined.verdicts)?.spf).toBe('pass');
      expect((await examined.parsed).messageId).toBe('<w1@sender.test>');
      const dropped = worker.upload();
      dropped.push(MESSAGE);
      dropped.drop();
      await expect(dropped.examine().parsed).rejects.toThrow();
    } finally {
      await worker.close();
    }
  });
});
