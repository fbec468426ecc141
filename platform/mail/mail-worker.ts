import { Worker } from 'node:worker_threads';
import type { ParsedMail } from 'mailparser';
import type { MailWorkerRequest } from './mail-worker-thread.js';

/** SPF, DKIM and DMARC results of a message, as mailauth names them (`pass`, `fail`, `none`, ...). */
export interface AuthVerdicts {
  spf: string;
  dkim: string;
  dmarc: string;
}

/** Who sent a message, for the SPF check. */
export interface SenderFacts {
  ip: string;
  helo?: string;
  sender: string;
  mta: string;
}

/** mailauth's DNS function: `(name, rrtype)` → records, as `dns.promises.resolve` answers. */
export type DnsLookup = (name: string, rrtype: string) => Promise<unknown>;

type Reply =
  | { kind: 'result'; id: number; result?: unknown; error?: string }
  | { kind: 'dns'; id: number; name: string; rrtype: string };

/**
 * A message sent to the worker while it arrives: each DATA chunk crosses on its own, in the loop turn that read it.
 * Posting the whole message at the end copied all of it (10 MB in one structured clone, twice when the header was a
 * view of it) in one uninterrupted slice of the main thread: the longest task of an inbound message. Bound to the
 * worker that got its first chunk: if that worker dies, the message is lost there and `parse` fails (451, retried).
 */
export class MailUpload {
  private ended = false;

  constructor(
    private readonly owner: MailWorker,
    private readonly worker: Worker,
    readonly id: number,
  ) {}

  push(chunk: Buffer): void {
    if (this.ended || !this.owner.isCurrent(this.worker)) return;
    // A copy of its own, handed over: a view clones its whole backing store (a dot-stuffed line is a small view of
    // a 64 KB socket read), and the caller keeps the chunk.
    const bytes = new Uint8Array(chunk);
    this.worker.postMessage({ kind: 'chunk', upload: this.id, bytes } satisfies MailWorkerRequest, [bytes.buffer]);
  }

  /** The worker forgets the message (refused, cut short, or parsed and authenticated). */
  drop(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.owner.isCurrent(this.worker))
      this.worker.postMessage({ kind: 'drop', upload: this.id } satisfies MailWorkerRequest);
  }

  /** Parses the chunks pushed so far in the worker, and authenticates them there too when `sender` is given; then drops them. */
  examine(sender?: SenderFacts): { parsed: Promise<ParsedMail>; verdicts?: Promise<AuthVerdicts> } {
    if (this.ended || !this.owner.isCurrent(this.worker)) {
      const lost = Promise.reject(new Error('mail worker restarted while the message arrived'));
      lost.catch(() => undefined);
      return { parsed: lost as Promise<ParsedMail>, verdicts: sender ? (lost as Promise<AuthVerdicts>) : undefined };
    }
    const parsed = this.owner.parseUpload(this.id);
    const verdicts = sender ? this.owner.authenticateUpload(this.id, sender) : undefined;
    this.drop(); // the worker took its own reference for each request, in order
    return { parsed, verdicts };
  }
}

/**
 * Parsing and authentication of inbound mail in one worker thread (mail-worker-thread.ts), so neither takes the
 * main thread's CPU nor waits behind its I/O; the worker's DNS questions are answered here with `lookup`. One worker,
 * started at the first message; a worker that dies fails the messages it held (the SMTP client gets 451 and
 * retries) and the next message starts a new one.
 */
export class MailWorker {
  private worker?: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 0;
  private nextUpload = 0;

  constructor(private readonly lookup: DnsLookup) {}

  /** A message to stream to the worker as it arrives (see MailUpload). */
  upload(): MailUpload {
    return new MailUpload(this, this.worker ?? this.start(), this.nextUpload++);
  }

  /** Parses a whole message (one structured clone of it); `upload()` spreads that copy over the message's arrival. */
  parse(raw: Buffer): Promise<ParsedMail> {
    const upload = this.upload();
    upload.push(raw);
    return upload.examine().parsed;
  }

  authenticate(raw: Buffer, sender: SenderFacts): Promise<AuthVerdicts> {
    return this.ask((id) => ({ kind: 'authenticate', id, raw, ...sender })) as Promise<AuthVerdicts>;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  /** @internal MailUpload's check that its worker still runs. */
  isCurrent(worker: Worker): boolean {
    return this.worker === worker;
  }

  /** @internal */
  async parseUpload(upload: number): Promise<ParsedMail> {
    const parsed = (await this.ask((id) => ({ kind: 'parse', id, upload }))) as ParsedMail;
    // Buffers cross the thread boundary as Uint8Arrays.
    for (const a of parsed.attachments)
      a.content = Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength);
    return parsed;
  }

  /** @internal */
  authenticateUpload(upload: number, sender: SenderFacts): Promise<AuthVerdicts> {
    return this.ask((id) => ({ kind: 'authenticate', id, upload, ...sender })) as Promise<AuthVerdicts>;
  }

  private ask(request: (id: number) => MailWorkerRequest): Promise<unknown> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage(request(id));
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./mail-worker-thread.js', import.meta.url));
    worker.unref();
    worker.on('message', (reply: Reply) => {
      if (reply.kind === 'dns') return this.answerDns(worker, reply);
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!waiting) return;
      if (reply.error !== undefined) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.result);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`mail worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private answerDns(worker: Worker, question: { id: number; name: string; rrtype: string }): void {
    this.lookup(question.name, question.rrtype).then(
      (records) => worker.postMessage({ kind: 'dns-answer', id: question.id, records } satisfies MailWorkerRequest),
      (error: Error & { code?: string }) =>
        worker.postMessage({
          kind: 'dns-answer',
          id: question.id,
          error: { message: error.message, code: error.code },
        } satisfies MailWorkerRequest),
    );
  }
}
