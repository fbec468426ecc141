/** A refused request in the API's words: the envelope's code and message, the HTTP status, the request id. */
export class PlatformApiError extends Error {
  override readonly name = 'PlatformApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown,
    readonly requestId: string | undefined,
  ) {
    super(message);
  }

  /** Reads any module's error envelope (`{success:false,error}`, `{error}`, the SMS and AI gateway shapes). */
  static async from(response: Response): Promise<PlatformApiError> {
    const text = await response.text();
    let body: { error?: { code?: unknown; message?: unknown; details?: unknown; type?: unknown } } = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      // not JSON: the status says what happened
    }
    const error = typeof body.error === 'object' && body.error ? body.error : {};
    const code =
      typeof error.code === 'string'
        ? error.code
        : typeof error.type === 'string'
          ? error.type
          : `HTTP_${response.status}`;
    const message = typeof error.message === 'string' ? error.message : text.slice(0, 200) || response.statusText;
    return new PlatformApiError(
      response.status,
      code,
      message,
      error.details,
      response.headers.get('x-request-id') ?? undefined,
    );
  }
}
