/** Until the platform's first answer says how long a signal lasts: the widget's own renewal period. */
const FIRST_RENEWAL_MS = 3_000;

/** Sends one typing signal; resolves with the answer's `expiresInMs` (how long it lasts unless renewed). */
export type SendTyping = (typing: boolean) => Promise<number>;

/**
 * The agent's typing as the visitor's widget sees it: `true` while the Reply box has text, renewed at most once per
 * half of the signal's lifetime (the platform ends it by itself when not renewed), `false` once when the agent
 * stops (empties the box, sends, leaves it). Signals go out one after another, so a `false` never overtakes the
 * `true` before it. A failed signal is not retried before the next renewal: typing is best effort.
 */
export class TypingSender {
  private sentAt: number | null = null;
  private renewalMs = FIRST_RENEWAL_MS;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly send: SendTyping,
    private readonly now: () => number = Date.now,
  ) {}

  /** The box changed: typing while it holds text. */
  changed(hasText: boolean): void {
    if (!hasText) return this.stop();
    const now = this.now();
    if (this.sentAt !== null && now - this.sentAt < this.renewalMs) return;
    this.sentAt = now;
    this.enqueue(true);
  }

  /** The agent stopped typing: `false`, unless nothing was signalled. */
  stop(): void {
    if (this.sentAt === null) return;
    this.sentAt = null;
    this.enqueue(false);
  }

  private enqueue(typing: boolean): void {
    this.queue = this.queue
      .then(() => this.send(typing))
      .then(
        (expiresInMs) => {
          if (typing && expiresInMs > 0) this.renewalMs = expiresInMs / 2;
        },
        () => undefined,
      );
  }
}
