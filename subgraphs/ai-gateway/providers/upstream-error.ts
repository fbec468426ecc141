/** Why one provider attempt failed, and whether another target may be tried (429, 5xx, timeouts, connection failures). */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly retriable: boolean,
    readonly details: {
      /** The provider's HTTP status, when it answered. */
      status?: number;
      /** The provider's own error object. */
      providerError?: unknown;
      /** Which deadline passed, when one did. */
      timeout?: 'first_byte' | 'idle' | 'total';
    } = {},
  ) {
    super(message);
  }
}

/** Fallback rule of issue 7: 429 and 5xx (529 included) may go to the next target, other 4xx never. */
export function retriableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

const RETRIABLE_ERROR_TYPES = new Set(['overloaded_error', 'api_error', 'rate_limit_error', 'server_error', 'timeout_error', 'rate_limit_exceeded']);
const RETRIABLE_GOOGLE_STATUSES = new Set(['UNAVAILABLE', 'RESOURCE_EXHAUSTED', 'INTERNAL', 'DEADLINE_EXCEEDED']);

/**
 * Whether an error a provider sent inside a 200 stream is the kind a 429 or 5xx would have been (Anthropic's
 * `overloaded_error`, OpenAI's `server_error`, Gemini's `UNAVAILABLE`): before any chunk reached the client, the
 * next target may be tried.
 */
export function retriableStreamError(error: unknown): boolean {
  const e = error as { type?: unknown; code?: unknown; status?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.type === 'string' && RETRIABLE_ERROR_TYPES.has(e.type)) return true;
  if (typeof e.code === 'string' && RETRIABLE_ERROR_TYPES.has(e.code)) return true;
  if (typeof e.code === 'number' && retriableStatus(e.code)) return true;
  return typeof e.status === 'string' && RETRIABLE_GOOGLE_STATUSES.has(e.status);
}

/** The provider's error object from an error body (OpenAI and Anthropic nest it under `error`, Gemini too). */
export function providerErrorOf(text: string): unknown {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown> | unknown[];
    if (Array.isArray(parsed)) return (parsed[0] as { error?: unknown })?.error ?? parsed;
    return parsed.error ?? parsed;
  } catch {
    return { message: text.slice(0, 1000) };
  }
}
