import { Worker } from 'node:worker_threads';
import type { ParsedMail } from 'mailparser';

/**
 * mailparser in a worker thread (mail-parse-worker.ts), so that parsing neither waits behind the main thread's I/O
 * (mailparser yields once per line) nor takes its CPU. One worker, started at the first message; a worker that dies
 * fails the messages it held (the SMTP client gets 451 and retries) and the next message starts a new one.
 */
export class ParsePool {
  private worker?: Worker;
  private readonly pending = new Map<number, { resolve(parsed: ParsedMail): void; reject(error: Error): void }>();
  private nextId = 0;

  parse(raw: Buffer): Promise<ParsedMail> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<ParsedMail>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, raw });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./mail-parse-worker.js', import.meta.url));
    worker.unref();
    worker.on('message', ({ id, parsed, error }: { id: number; parsed?: ParsedMail; error?: string }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (!waiting) return;
      if (error !== undefined || !parsed) return waiting.reject(new Error(error ?? 'parse failed'));
      // Buffers cross the thread boundary as Uint8Arrays.
      for (const a of parsed.attachments) a.content = Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength);
      waiting.resolve(parsed);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`mail parser worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
