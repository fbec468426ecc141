import { codeOfOpenAi, openAiError, statusOf, type OpenAiErrorCode } from '../../../platform/errors/error-codes.js';

/** Errors of the AI gateway: `{error: {code, message, type, param?, provider_error?}}`; status and type from the one table. */
export class GatewayError extends Error {
  readonly status: number;
  readonly type: string;
  /** The provider target tried last, when every target failed (for the usage log). */
  lastTarget?: { provider: string; model: string };
  /** Seconds for `Retry-After` (a key's rate limit, a budget's next window). */
  retryAfter?: number;

  constructor(
    readonly code: OpenAiErrorCode,
    message: string,
    readonly param?: string,
    readonly providerError?: unknown,
  ) {
    super(message);
    const platformCode = codeOfOpenAi(code);
    this.status = statusOf(platformCode);
    this.type = openAiError(platformCode, this.status).type;
  }

  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        type: this.type,
        ...(this.param !== undefined ? { param: this.param } : {}),
        ...(this.providerError !== undefined ? { provider_error: this.providerError } : {}),
      },
    };
  }
}

export const invalidParam = (param: string, message: string) => new GatewayError('invalid_request', message, param);
