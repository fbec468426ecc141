import type { Deadlines } from './deadlines.js';
import { UpstreamError } from '../providers/upstream-error.js';
import { CancelToken } from './cancel-token.js';

/**
 * One call to one provider under the three deadlines. Its signal aborts when the client goes away or a deadline
 * passes; `errorFor` says afterwards which of those (or the provider) caused a failure.
 */
export class Attempt {
  readonly controller = new CancelToken();
  private timeout: 'first_byte' | 'idle' | 'total' | undefined;
  private phaseTimer: NodeJS.Timeout | undefined;
  private readonly totalTimer: NodeJS.Timeout;
  // The client leaving ends everything: the upstream socket, and the clocks (a consumer may never read again).
  private readonly onClientAbort = () => {
    clearTimeout(this.phaseTimer);
    clearTimeout(this.totalTimer);
    this.controller.abort(this.client.reason);
  };
  private readonly stopListening: () => void;

  constructor(private readonly client: CancelToken, private readonly deadlines: Deadlines, requestStartedAt: number) {
    this.totalTimer = setTimeout(() => this.expire('total'), Math.max(0, deadlines.totalMs - (Date.now() - requestStartedAt)));
    this.phaseTimer = setTimeout(() => this.expire('first_byte'), deadlines.firstByteMs);
    // Gone before this attempt started: the listener runs at once and the provider is never called.
    this.stopListening = client.onAbort(this.onClientAbort);
  }

  get signal(): CancelToken {
    return this.controller;
  }

  /** The first byte came: from now on silence is measured between pieces. */
  startIdleClock() {
    clearTimeout(this.phaseTimer);
    this.phaseTimer = setTimeout(() => this.expire('idle'), this.deadlines.idleMs);
  }

  /** A piece arrived: the idle clock starts over (a no-op before startIdleClock). */
  touch() {
    if (this.timeout === undefined && this.phaseTimer && !this.controller.aborted) this.phaseTimer.refresh();
  }

  /** Stops the clocks; aborts the upstream request if it is still open (a consumer that stopped reading). */
  finish(abortUpstream: boolean) {
    clearTimeout(this.phaseTimer);
    clearTimeout(this.totalTimer);
    this.stopListening();
    if (abortUpstream) this.controller.abort(new Error('Stopped reading'));
  }

  get clientGone(): boolean {
    return this.client.aborted;
  }

  /** What a failure of this attempt means: a deadline (retriable), the client leaving, or the provider's error. */
  errorFor(error: unknown): unknown {
    if (this.client.aborted) return this.client.reason ?? error;
    if (this.timeout) return new UpstreamError(`The provider did not answer in time (${this.timeout.replace('_', ' ')} deadline)`, true, { timeout: this.timeout });
    if (error instanceof UpstreamError) return error;
    if (error instanceof SyntaxError) return new UpstreamError(`The provider sent malformed JSON: ${error.message}`, false);
    return new UpstreamError(`Provider connection failed: ${(error as Error)?.message ?? String(error)}`, true);
  }

  private expire(kind: 'first_byte' | 'idle' | 'total') {
    if (this.controller.aborted) return;
    this.timeout = kind;
    this.controller.abort(new Error(`${kind} deadline`));
  }
}
