// The SMTP load generator of the mailboxes bench, run in a worker thread so that it does not share the server's event
// loop (the server's intake is what is measured). Each message is a ready-made raw RFC 5322 text (subject and
// Message-ID filled in per message), sent over pooled nodemailer connections: no MIME building on the client side.
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';

interface Job {
  port: number;
  to: string;
  count: number;
  /** Number of the first message (Message-IDs differ between runs, so none is dropped as a duplicate). */
  first?: number;
  connections: number;
  /** The text body (LF line ends; sent as CRLF). */
  body: string;
  words: string[];
}

const job = workerData as Job;
const crlfBody = job.body.replace(/\n/g, '\r\n');
const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: job.port, secure: false, ignoreTLS: true, pool: true, maxConnections: job.connections, maxMessages: Infinity });
const raw = (n: number) => [
  'From: load@sender.test', `To: ${job.to}`, `Subject: Load ${n} ${job.words[n % job.words.length]}`, `Message-ID: <load-${n}@sender.test>`,
  `Date: ${new Date().toUTCString()}`, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', crlfBody, '',
].join('\r\n');

const latencies: number[] = [];
let next = 0;
const started = performance.now();
// Two messages queued per connection, so a connection never waits on the client between messages.
await Promise.all(Array.from({ length: job.connections * 2 }, async () => {
  while (next < job.count) {
    const n = (job.first ?? 0) + next++;
    const t0 = performance.now();
    await smtp.sendMail({ envelope: { from: 'load@sender.test', to: [job.to] }, raw: raw(n) });
    latencies.push(performance.now() - t0);
  }
}));
const seconds = (performance.now() - started) / 1000;
smtp.close();
parentPort!.postMessage({ seconds, latencies, bytes: Buffer.byteLength(raw(0)) });
