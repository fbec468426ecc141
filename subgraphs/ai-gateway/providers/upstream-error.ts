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
