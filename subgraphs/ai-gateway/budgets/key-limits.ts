import { LRUCache } from 'lru-cache';

const MINUTE_MS = 60_000;

interface MinuteWindow {
  start: number;
  requests: number;
  tokens: number;
}

/**
 * Requests and tokens per key per minute (fixed windows, in this process's memory: a limit of N with R replicas lets
 * up to R × N through). A request is counted when admitted; its tokens when its usage is recorded.
 */
export class KeyLimits {
  private readonly windows = new LRUCache<string, MinuteWindow>({ max: 100_000 });

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds until the key may try again, or 0 when admitted (the request is then counted). */
  admit(
    keyId: string,
    requestsPerMinute: number | null,
    tokensPerMinute: number | null,
  ): { retryAfter: number; limit?: 'requests' | 'tokens' } {
    const window = this.windowOf(keyId);
    const retryAfter = Math.max(1, Math.ceil((window.start + MINUTE_MS - this.now()) / 1000));
    if (requestsPerMinute !== null && window.requests >= requestsPerMinute) return { retryAfter, limit: 'requests' };
    if (tokensPerMinute !== null && window.tokens >= tokensPerMinute) return { retryAfter, limit: 'tokens' };
    window.requests++;
    return { retryAfter: 0 };
  }

  addTokens(keyId: string, tokens: number) {
    if (tokens > 0) this.windowOf(keyId).tokens += tokens;
  }

  private windowOf(keyId: string): MinuteWindow {
    const now = this.now();
    let window = this.windows.get(keyId);
    if (!window || now - window.start >= MINUTE_MS) {
      window = { start: now - (now % MINUTE_MS), requests: 0, tokens: 0 };
      this.windows.set(keyId, window);
    }
    return window;
  }
}
