import type { TypingOptions, TypingSignal } from './typing-options.js';

interface SenderState {
  /** What the subscriber was last told. */
  shown: boolean;
  /** What the sender last said (or false once expired). */
  wanted: TypingSignal;
  sentAt: number;
  flush?: NodeJS.Timeout;
  expiry?: NodeJS.Timeout;
}

/**
 * One subscription's view of who is typing in a conversation. A signal starts or renews a sender's typing, which
 * ends by itself `expiresAfterMs` after the last renewal; `stopped` ends it at once (the sender's message arrived).
 * Only changes reach the subscriber (renewals do not), at most one per sender every `minIntervalMs`: a flood of
 * signals becomes the latest state at the end of each window. Every subscriber computes this itself, so it holds
 * whichever process published the signals.
 */
export class TypingRelay {
  private readonly senders = new Map<string, SenderState>();
  private closed = false;

  constructor(
    private readonly options: TypingOptions,
    private readonly deliver: (signal: TypingSignal) => void,
  ) {}

  signal(key: string, signal: TypingSignal): void {
    if (this.closed) return;
    const state = this.senders.get(key) ?? { shown: false, wanted: signal, sentAt: -Infinity };
    this.senders.set(key, state);
    state.wanted = signal;
    clearTimeout(state.expiry);
    state.expiry = signal.typing ? setTimeout(() => this.stopped(key), this.options.expiresAfterMs) : undefined;
    this.flush(key, state);
  }

  /** The sender stopped (expired, or its message arrived): typing false if the subscriber was told true. */
  stopped(key: string): void {
    const state = this.senders.get(key);
    if (state?.wanted.typing) this.signal(key, { ...state.wanted, typing: false });
  }

  /**
   * The sender's message arrived: typing ends at once, past the throttle. A client clears its indicator on the message
   * itself, so a "still typing" left for the end of a window would make the sender's next signal look like no change.
   */
  ended(key: string): void {
    const state = this.senders.get(key);
    if (!state || this.closed) return;
    clearTimeout(state.flush);
    clearTimeout(state.expiry);
    state.flush = undefined;
    state.expiry = undefined;
    state.wanted = { ...state.wanted, typing: false };
    if (!state.shown) return;
    state.shown = false;
    state.sentAt = Date.now();
    this.deliver(state.wanted);
  }

  close(): void {
    this.closed = true;
    for (const state of this.senders.values()) {
      clearTimeout(state.flush);
      clearTimeout(state.expiry);
    }
    this.senders.clear();
  }

  private flush(key: string, state: SenderState): void {
    if (state.flush || state.wanted.typing === state.shown) return;
    const wait = state.sentAt + this.options.minIntervalMs - Date.now();
    if (wait > 0) {
      state.flush = setTimeout(() => {
        state.flush = undefined;
        if (!this.closed) this.flush(key, state);
      }, wait);
      return;
    }
    state.shown = state.wanted.typing;
    state.sentAt = Date.now();
    this.deliver(state.wanted);
  }
}
