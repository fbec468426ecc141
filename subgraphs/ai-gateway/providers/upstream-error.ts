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
    super(message.length > 500 ? `${message.slice(0, 500)}…` : message);
    if ('providerError' in details)
      this.details = { ...details, providerError: trimProviderError(details.providerError) };
  }
}

const PROVIDER_ERROR_FIELDS = ['message', 'type', 'code', 'param', 'status'] as const;

/**
 * The provider's error object as clients get it in `provider_error`: only the fields OpenAI, Anthropic and Gemini
 * use, strings capped. Never a verbatim body, so a base URL aimed at some other service cannot read it back.
 */
export function trimProviderError(error: unknown): Record<string, unknown> {
  if (typeof error === 'string') return { message: error.slice(0, 500) };
  const trimmed: Record<string, unknown> = {};
  if (error && typeof error === 'object' && !Array.isArray(error)) {
    for (const field of PROVIDER_ERROR_FIELDS) {
      const value = (error as Record<string, unknown>)[field];
      if (typeof value === 'string') trimmed[field] = value.slice(0, 500);
      else if (typeof value === 'number' && Number.isFinite(value)) trimmed[field] = value;
    }
  }
  if (Object.keys(trimmed).length === 0) trimmed.message = 'The provider answered without an error object';
  return trimmed;
}

/** Fallback rule: 429 and 5xx (529 included) may go to the next target, other 4xx never. */
export function retriableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

const RETRIABLE_ERROR_TYPES = new Set([
  'overloaded_error',
  'api_error',
  'rate_limit_error',
  'server_error',
  'timeout_error',
  'rate_limit_exceeded',
]);
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
    const parsed = JSON.parse(text) as Record<string, unknown> | unknown[] | null;
    const error = Array.isArray(parsed) ? (parsed[0] as { error?: unknown } | undefined)?.error : parsed?.error;
    return trimProviderError(error);
  } catch {
    return trimProviderError(undefined); // not JSON: nothing of it goes back to the client
  }
}
