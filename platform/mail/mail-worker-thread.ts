// The worker side of MailWorker: parses raw messages (mailparser) and computes their SPF, DKIM and DMARC verdicts
// (mailauth) off the main thread. mailparser yields to the event loop once per line (a 50 KB message took ~800 loop
// turns, each waiting behind the platform's other I/O), and mailauth's header parsing and body hashing are CPU work
// that grows faster than the message: on the main thread both held up every module. DNS questions of mailauth are
// asked of the main thread's resolver (which tests and operators configure) and answered back.
import { parentPort } from 'node:worker_threads';
import { simpleParser } from 'mailparser';
import { authenticate } from 'mailauth';
import { storableDeep } from './storable-text.js';

/** What the main thread sends. */
export type MailWorkerRequest =
  | { kind: 'chunk'; upload: number; bytes: Uint8Array }
  | { kind: 'drop'; upload: number }
  | { kind: 'parse'; id: number; upload: number }
  | ({ kind: 'authenticate'; id: number; ip: string; helo?: string; sender: string; mta: string } & (
      { raw: Uint8Array } | { upload: number }
    ))
  | { kind: 'dns-answer'; id: number; records?: unknown; error?: { message: string; code?: string } };

const port = parentPort!;
/** Messages arriving chunk by chunk (MailUpload), until dropped; joined once, at the first request that reads them. */
const uploads = new Map<number, Uint8Array[] | Buffer>();
const dnsWaiting = new Map<number, { resolve(records: unknown): void; reject(error: Error): void }>();
let nextDnsId = 0;

/** mailauth's resolver: the question crosses to the main thread. */
function resolveOnMain(name: string, rrtype: string): Promise<unknown> {
  const id = nextDnsId++;
  return new Promise((resolve, reject) => {
    dnsWaiting.set(id, { resolve, reject });
    port.postMessage({ kind: 'dns', id, name, rrtype });
  });
}

function bytes(raw: Uint8Array): Buffer {
  return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
}

function uploaded(upload: number): Buffer | undefined {
  const held = uploads.get(upload);
  if (held === undefined || Buffer.isBuffer(held)) return held;
  const joined = Buffer.concat(held);
  uploads.set(upload, joined);
  return joined;
}

function reply(id: number, work: () => Promise<unknown>): void {
  work().then(
    (result) => port.postMessage({ kind: 'result', id, result }),
    (error: Error) => port.postMessage({ kind: 'result', id, error: error.message }),
  );
}

function dkimVerdict(results: { status: { result: string } }[]): string {
  if (results.some((r) => r.status.result === 'pass')) return 'pass';
  return results[0]?.status.result ?? 'none';
}

port.on('message', (message: MailWorkerRequest) => {
  if (message.kind === 'dns-answer') {
    const waiting = dnsWaiting.get(message.id);
    dnsWaiting.delete(message.id);
    if (!waiting) return;
    if (message.error) waiting.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
    else waiting.resolve(message.records);
    return;
  }
  if (message.kind === 'chunk') {
    const held = uploads.get(message.upload) ?? [];
    if (!Buffer.isBuffer(held)) held.push(message.bytes);
    uploads.set(message.upload, held);
    return;
  }
  if (message.kind === 'drop') {
    uploads.delete(message.upload);
    return;
  }
  // Each request takes its bytes now, before a later 'drop' of the same upload is read.
  const raw = 'raw' in message ? bytes(message.raw) : uploaded(message.upload);
  if (!raw) {
    port.postMessage({ kind: 'result', id: message.id, error: 'mail worker: the message was not received' });
    return;
  }
  if (message.kind === 'parse') {
    reply(message.id, async () => {
      const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
      // Functions do not cross a thread boundary: mailparser leaves `release` on each attachment.
      for (const a of parsed.attachments) delete (a as { release?: unknown }).release;
      return storableDeep(parsed);
    });
    return;
  }
  reply(message.id, async () => {
    const result = await authenticate(raw, {
      ip: message.ip,
      helo: message.helo,
      sender: message.sender,
      mta: message.mta,
      resolver: resolveOnMain as never,
      disableArc: true,
      disableBimi: true,
    });
    return {
      spf: result.spf ? String(result.spf.status.result) : 'none',
      dkim: dkimVerdict((result.dkim?.results ?? []) as { status: { result: string } }[]),
      dmarc: result.dmarc ? String(result.dmarc.status.result) : 'none',
    };
  });
});
