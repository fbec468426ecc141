export interface RetryOptions {
  /** Attempts after the first; 0 turns retries off. Default 3. */
  retries?: number;
  /** First backoff when the answer names no Retry-After, doubled each attempt (full jitter). Default 500 ms. */
  baseDelayMs?: number;
  /** Longest wait between attempts. Default 30 s. */
  maxDelayMs?: number;
  /** How to wait (tests inject one that records the delay). */
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that retries 429 (never processed) and 503 (retried only when repeating is safe: a read, or a write carrying
 * an Idempotency-Key), waiting Retry-After when the answer gives it, else exponential backoff with full jitter.
 */
export function retryingFetch(base: typeof fetch, options: RetryOptions = {}): (request: Request) => Promise<Response> {
  const retries = options.retries ?? 3;
  const baseDelay = options.baseDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? sleepFor;
  return async (request) => {
    const body = request.body ? await request.arrayBuffer() : undefined;
    for (let attempt = 0; ; attempt++) {
      const response = await base(new Request(request, body === undefined ? {} : { body }));
      const safe =
        response.status === 429 ||
        (response.status === 503 &&
          (['GET', 'HEAD', 'PUT', 'DELETE'].includes(request.method) || request.headers.has('idempotency-key')));
      if (!safe || attempt >= retries) return response;
      await response.body?.cancel();
      await sleep(
        Math.min(
          maxDelay,
          retryAfterMs(response.headers.get('retry-after')) ?? Math.random() * baseDelay * 2 ** attempt,
        ),
      );
    }
  };
}

/** Retry-After in seconds or as an HTTP date. */
function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
