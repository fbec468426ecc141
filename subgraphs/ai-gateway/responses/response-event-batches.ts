import type { ChatChunk } from '../chat/chat-types.js';
import { GatewayError } from '../chat/gateway-error.js';
import type { ChunkStream } from '../engine/relayed-stream.js';
import type { ResponseEvent, ResponseEventStream, ResponseObject } from './response-object.js';

/**
 * A streamed response's typed events, one batch per chat chunk: the start events, then each chunk's (often none),
 * then the closing ones after the response is stored, or `response.failed` when the provider fails mid-stream.
 * A plain iterator rather than an async generator: a generator costs several promises per yielded event, and every
 * promise costs on this path (async hooks are on, see docs/ai-gateway.md). `return()` stops the chat stream, which
 * aborts the provider and logs the usage so far, whenever the consumer stops.
 */
export class ResponseEventBatches implements AsyncIterableIterator<ResponseEvent[]> {
  private state: 'start' | 'chunks' | 'over' = 'start';

  constructor(
    private readonly translator: ResponseEventStream,
    private readonly chunks: ChunkStream,
    /** Keeps the finished response; undefined when it is not stored (`store: false`), so no promise is made. */
    private readonly store?: (response: ResponseObject) => Promise<void>,
  ) {}

  next(): Promise<IteratorResult<ResponseEvent[]>> {
    if (this.state === 'start') {
      this.state = 'chunks';
      return Promise.resolve({ value: this.translator.start(), done: false });
    }
    if (this.state === 'over') return Promise.resolve({ value: undefined, done: true });
    return this.chunks.next().then(this.onChunk, this.onFailure);
  }

  return(): Promise<IteratorResult<ResponseEvent[]>> {
    if (this.state !== 'over') {
      this.state = 'over';
      void this.chunks.return();
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }

  private readonly onChunk = (
    result: IteratorResult<ChatChunk>,
  ): IteratorResult<ResponseEvent[]> | Promise<IteratorResult<ResponseEvent[]>> => {
    if (this.state === 'over') return { value: undefined, done: true }; // stopped while this read was under way
    if (!result.done) return { value: this.translator.push(result.value), done: false };
    this.state = 'over';
    const { events, response } = this.translator.end();
    const last = { value: events, done: false as const };
    const stored = this.store?.(response);
    return stored ? stored.then(() => last) : last;
  };

  private readonly onFailure = (error: unknown): IteratorResult<ResponseEvent[]> => {
    if (this.state === 'over') throw error;
    this.state = 'over';
    if (!(error instanceof GatewayError)) throw error;
    return { value: [this.translator.failed({ code: error.code, message: error.message })], done: false };
  };
}
