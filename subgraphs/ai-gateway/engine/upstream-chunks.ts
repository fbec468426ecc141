import type { ChatChunk } from '../chat/chat-types.js';
import type { StreamTranslator } from '../providers/provider-adapter.js';
import { SseParser, type SseEvent } from '../providers/sse-parser.js';
import { UpstreamError } from '../providers/upstream-error.js';
import type { UpstreamResponse } from '../providers/upstream-response.js';
import type { Attempt } from './attempt.js';

const PAUSE_AT = 256;
const RESUME_AT = 64;

/**
 * A provider's SSE answer as translated chunks, driven by the socket's own events (cheaper per chunk than
 * async-iterating the response through generators). Queued chunks are handed out before a failure; `return()`
 * (a consumer that stopped) aborts the provider request. After the provider's last event the rest of the body is
 * still read, so the keep-alive connection can be reused.
 */
export class UpstreamChunks implements AsyncIterableIterator<ChatChunk> {
  private readonly queue: ChatChunk[] = [];
  private waiting: { resolve: (r: IteratorResult<ChatChunk>) => void; reject: (e: unknown) => void } | null = null;
  private failure: unknown = null;
  private ended = false;
  private finished = false;

  constructor(
    private readonly res: UpstreamResponse,
    private readonly translator: StreamTranslator,
    private readonly attempt: Attempt,
  ) {
    const parser = new SseParser();
    res.read({
      data: (text) => {
        attempt.touch();
        if (this.ended) return;
        try {
          this.translate(parser.push(text));
        } catch (error) {
          this.fail(error);
          return;
        }
        if (this.queue.length > PAUSE_AT) res.pause();
        this.flush();
      },
      end: () => {
        if (this.ended) return;
        try {
          this.translate(parser.end());
        } catch (error) {
          this.fail(error);
          return;
        }
        // Retriable: it matters only before the first chunk, when another target may still answer.
        if (!translator.done)
          return this.fail(new UpstreamError('The provider closed the stream before it finished', true));
        this.ended = true;
        this.flush();
      },
      error: (error) => this.fail(error),
    });
  }

  /**
   * Translates events into the queue. After the provider's last chunk the events are still read for usage only
   * (Gemini may report it in an event of its own after the finish reason); what they carry otherwise, errors
   * included, cannot change an answer that is complete.
   */
  private translate(events: Iterable<SseEvent>) {
    for (const event of events) {
      if (!this.translator.done) {
        for (const chunk of this.translator.push(event)) this.queue.push(chunk);
        continue;
      }
      try {
        this.translator.push(event);
      } catch {
        // the answer was complete
      }
    }
  }

  /** Puts a chunk back in front (the engine reads the first one to decide on fallback). */
  unshift(chunk: ChatChunk) {
    this.queue.unshift(chunk);
  }

  next(): Promise<IteratorResult<ChatChunk>> {
    const chunk = this.take();
    if (chunk) return Promise.resolve({ value: chunk, done: false });
    if (this.ended) return this.settle();
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  return(): Promise<IteratorResult<ChatChunk>> {
    this.ended = true;
    this.queue.length = 0;
    this.failure = null;
    this.finish(true);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve({ value: undefined, done: true });
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }

  private take(): ChatChunk | undefined {
    const chunk = this.queue.shift();
    if (chunk && this.res.paused && this.queue.length < RESUME_AT) this.res.resume();
    return chunk;
  }

  private fail(error: unknown) {
    if (this.ended) return;
    this.ended = true;
    this.failure = this.attempt.errorFor(error);
    this.flush();
  }

  private flush() {
    const waiting = this.waiting;
    if (!waiting) return;
    const chunk = this.take();
    if (chunk) {
      this.waiting = null;
      waiting.resolve({ value: chunk, done: false });
    } else if (this.ended) {
      this.waiting = null;
      this.settle().then(waiting.resolve, waiting.reject);
    }
  }

  /** The end, once: the failure if there was one (reported a single time), else done. */
  private settle(): Promise<IteratorResult<ChatChunk>> {
    const failure = this.failure;
    this.failure = null;
    this.finish(failure !== null);
    return failure !== null ? Promise.reject(failure) : Promise.resolve({ value: undefined, done: true });
  }

  private finish(abortUpstream: boolean) {
    if (this.finished) return;
    this.finished = true;
    this.attempt.finish(abortUpstream);
  }
}
