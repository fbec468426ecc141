import type { ChatChunk } from '../chat/chat-types.js';
import type { GatewayError } from '../chat/gateway-error.js';
import { CompletionAccumulator } from '../cache/completion-accumulator.js';
import type { StreamRun } from './completion-engine.js';

/** What the service does when a relayed stream ends, given everything the client received. */
export interface StreamOutcome {
  /** The provider finished: log and cache; returns the usage chunk to send last, if the client asked for it. */
  succeeded(received: CompletionAccumulator): ChatChunk | undefined;
  /** The provider failed mid-stream (or the client left): log; returns the error to throw (or throws it). */
  failed(error: unknown, received: CompletionAccumulator): GatewayError;
  /** The consumer stopped reading (`return()`): log what was used so far. */
  stopped(received: CompletionAccumulator): void;
}

/** Chunks as the SSE handler and the subscription read them; `return()` stops the provider at once. */
export type ChunkStream = AsyncIterableIterator<ChatChunk> & { return(): Promise<IteratorResult<ChatChunk>> };

/**
 * A started stream as the client gets it: the provider's chunks, each counted into the completion, then the usage
 * chunk when asked for. A plain iterator, not an async generator: a generator costs several promises per chunk,
 * and every promise costs on this path (async hooks are on, see the README's AI gateway notes).
 */
export class RelayedStream implements ChunkStream {
  private readonly received: CompletionAccumulator;
  private over = false;
  private usageChunk: ChatChunk | undefined;

  constructor(
    private readonly run: StreamRun,
    private readonly outcome: StreamOutcome,
  ) {
    this.received = new CompletionAccumulator(run.meta);
  }

  next(): Promise<IteratorResult<ChatChunk>> {
    if (this.over) return Promise.resolve(this.takeUsageChunk());
    return this.run.chunks.next().then(this.onChunk, this.onFailure);
  }

  return(): Promise<IteratorResult<ChatChunk>> {
    this.usageChunk = undefined;
    if (!this.over) {
      this.over = true;
      this.outcome.stopped(this.received);
      void this.run.chunks.return?.();
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }

  private readonly onChunk = (result: IteratorResult<ChatChunk>): IteratorResult<ChatChunk> => {
    if (this.over) return { value: undefined, done: true }; // stopped while this read was under way
    if (!result.done) {
      this.received.add(result.value);
      return result;
    }
    this.over = true;
    this.usageChunk = this.outcome.succeeded(this.received);
    return this.takeUsageChunk();
  };

  private readonly onFailure = (error: unknown): never => {
    if (this.over) throw error;
    this.over = true;
    throw this.outcome.failed(error, this.received);
  };

  private takeUsageChunk(): IteratorResult<ChatChunk> {
    const chunk = this.usageChunk;
    this.usageChunk = undefined;
    return chunk ? { value: chunk, done: false } : { value: undefined, done: true };
  }
}
