import type { Deadlines } from './deadlines.js';
import { UpstreamError } from '../providers/upstream-error.js';
import { CancelToken } from './cancel-token.js';

type Deadline = 'first_byte' | 'idle' | 'total';

/**
 * One call to one provider under the three deadlines. Its signal aborts when the client goes away or a deadline
 * passes; `errorFor` says afterwards which of those (or the provider) caused a failure. One timer at a time serves
 * every deadline (whichever comes first), since each timer costs on the hot path.
 */
export class Attempt {
  readonly controller = new CancelToken();
  private timeout: Deadline | undefined;
  private phase: 'first_byte' | 'idle' = 'first_byte';
  private timer: NodeJS.Timeout | undefined;
  /** The running timer ends at the total deadline rather than the phase's. */
  private timerIsTotal = false;
  private readonly totalAt: number;
  private readonly onTimer = () => this.expire(this.timerIsTotal ? 'total' : this.phase);
  // The client leaving ends everything: the upstream socket, and the clock (a consumer may never read again).
  private readonly onClientAbort = () => {
    clearTimeout(this.timer);
    this.controller.abort(this.client.reason);
  };
  private readonly stopListening: () => void;

  constructor(
    private readonly client: CancelToken,
    private readonly deadlines: Deadlines,
    requestStartedAt: number,
  ) {
    this.totalAt = requestStartedAt + deadlines.totalMs;
    this.schedule(deadlines.firstByteMs);
    // Gone before this attempt started: the listener runs at once and the provider is never called.
    this.stopListening = client.onAbort(this.onClientAbort);
  }

  get signal(): CancelToken {
    return this.controller;
  }

  /** The first byte came: from now on silence is measured between pieces. */
  startIdleClock() {
    clearTimeout(this.timer);
    this.phase = 'idle';
    this.schedule(this.deadlines.idleMs);
  }

  /** A piece arrived: the idle clock starts over (a no-op before startIdleClock). */
  touch() {
    if (this.phase !== 'idle' || this.timerIsTotal || this.timeout !== undefined || this.controller.aborted) return;
    if (this.totalAt - Date.now() < this.deadlines.idleMs) {
      clearTimeout(this.timer); // the total deadline now comes before the next idle one
      this.schedule(this.deadlines.idleMs);
    } else this.timer!.refresh();
  }

  /** Stops the clock; aborts the upstream request if it is still open (a consumer that stopped reading). */
  finish(abortUpstream: boolean) {
    clearTimeout(this.timer);
    this.stopListening();
    if (abortUpstream) this.controller.abort(new Error('Stopped reading'));
  }

  /** What a failure of this attempt means: a deadline (retriable), the client leaving, or the provider's error. */
  errorFor(error: unknown): unknown {
    if (this.client.aborted) return this.client.reason ?? error;
    if (this.timeout)
      return new UpstreamError(
        `The provider did not answer in time (${this.timeout.replace('_', ' ')} deadline)`,
        true,
        { timeout: this.timeout },
      );
    if (error instanceof UpstreamError) return error;
    if (error instanceof SyntaxError)
      return new UpstreamError(`The provider sent malformed JSON: ${error.message}`, false);
    return new UpstreamError(`Provider connection failed: ${(error as Error)?.message ?? String(error)}`, true);
  }

  /** One timer for the phase's deadline, or the total one when that comes first. */
  private schedule(phaseMs: number) {
    const totalLeft = Math.max(0, this.totalAt - Date.now());
    this.timerIsTotal = totalLeft <= phaseMs;
    this.timer = setTimeout(this.onTimer, this.timerIsTotal ? totalLeft : phaseMs);
  }

  private expire(kind: Deadline) {
    if (this.controller.aborted) return;
    this.timeout = kind;
    this.controller.abort(new Error(`${kind} deadline`));
  }
}
