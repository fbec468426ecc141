// The SMTP load generator of the mailboxes bench, run in a worker thread so that it does not share the server's event
// loop (the server's intake is what is measured). Each message is a ready-made raw RFC 5322 text (subject and
// Message-ID filled in per message), sent over `connections` connections, each sending its next message as soon as
// the last one is acknowledged: either the lean pipelining sender (smtp-pipelined-client.ts, what the bench's rates
// use) or pooled nodemailer connections (the client of earlier runs, which costs the shared cores ~1.3 ms a message).
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';
import { dotStuffed, PipelinedSmtpConnection } from './smtp-pipelined-client.js';

export type SmtpLoadClient = 'pipelined' | 'nodemailer';

export interface SmtpLoadJob {
  port: number;
  to: string;
  count: number;
  /** Number of the first message (Message-IDs differ between runs, so none is dropped as a duplicate). */
  first?: number;
  connections: number;
  client: SmtpLoadClient;
  /** The text body (LF line ends; sent as CRLF). */
  body: string;
  words: string[];
}

export interface SmtpLoadResult {
  seconds: number;
  /** Per message, from its MAIL FROM to the 250 after its DATA. */
  latencies: number[];
  /** CPU time of this thread (the client's cost on the shared cores). */
  clientCpuMs: number;
}

const FROM = 'load@sender.test';
const job = workerData as SmtpLoadJob;
const crlfBody = job.body.replace(/\n/g, '\r\n');
const headerLines = (n: number) =>
  [
    `From: ${FROM}`,
    `To: ${job.to}`,
    `Subject: Load ${n} ${job.words[n % job.words.length]}`,
    `Message-ID: <load-${n}@sender.test>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    '',
  ].join('\r\n');
const raw = (n: number) => `${headerLines(n)}${crlfBody}\r\n`;
/** The body in wire form, prepared once for the pipelining sender. */
const wireBody = dotStuffed(`${crlfBody}\r\n`);

/** utime + stime of this thread, in ms (Linux: USER_HZ 100). */
function threadCpuMs(): number {
  const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One sender per slot; each resolves a message at a time. */
async function senders(): Promise<{ send(n: number, slot: number): Promise<void>; close(): void; slots: number }> {
  if (job.client === 'nodemailer') {
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: job.port,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: job.connections,
      maxMessages: Infinity,
    });
    // Two messages queued per connection, so a connection never waits on the client between messages.
    return {
      slots: job.connections * 2,
      send: async (n) => void (await smtp.sendMail({ envelope: { from: FROM, to: [job.to] }, raw: raw(n) })),
      close: () => smtp.close(),
    };
  }
  const connections = await Promise.all(
    Array.from({ length: job.connections }, () => PipelinedSmtpConnection.open(job.port)),
  );
  return {
    slots: job.connections,
    send: (n, slot) => connections[slot]!.send(FROM, job.to, [dotStuffed(headerLines(n)), wireBody]),
    close: () => connections.forEach((c) => c.close()),
  };
}

const client = await senders();
const latencies: number[] = [];
let next = 0;
const cpuAtStart = threadCpuMs();
const started = performance.now();
await Promise.all(
  Array.from({ length: client.slots }, async (_, slot) => {
    while (next < job.count) {
      const n = (job.first ?? 0) + next++;
      const t0 = performance.now();
      await client.send(n, slot);
      latencies.push(performance.now() - t0);
    }
  }),
);
const result: SmtpLoadResult = {
  seconds: (performance.now() - started) / 1000,
  latencies,
  clientCpuMs: threadCpuMs() - cpuAtStart,
};
client.close();
parentPort!.postMessage(result);
