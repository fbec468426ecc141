/** Errors of the AI gateway (document 3, part 7): `{error: {code, message, type, param?, provider_error?}}`. */
export type GatewayErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'invalid_request'
  | 'model_not_found'
  | 'provider_not_configured'
  | 'rate_limit_exceeded'
  | 'provider_error'
  | 'provider_unavailable'
  | 'service_unavailable'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type';

const TABLE: Record<GatewayErrorCode, { status: number; type: string }> = {
  unauthorized: { status: 401, type: 'authentication_error' },
  forbidden: { status: 403, type: 'authentication_error' },
  invalid_request: { status: 400, type: 'invalid_request_error' },
  model_not_found: { status: 400, type: 'invalid_request_error' },
  provider_not_configured: { status: 400, type: 'configuration_error' },
  rate_limit_exceeded: { status: 429, type: 'rate_limit_error' },
  provider_error: { status: 500, type: 'provider_error' },
  provider_unavailable: { status: 502, type: 'provider_error' },
  service_unavailable: { status: 503, type: 'service_unavailable' },
  not_found: { status: 404, type: 'invalid_request_error' },
  method_not_allowed: { status: 405, type: 'invalid_request_error' },
  payload_too_large: { status: 413, type: 'invalid_request_error' },
  unsupported_media_type: { status: 415, type: 'invalid_request_error' },
};

export class GatewayError extends Error {
  readonly status: number;
  readonly type: string;
  /** The provider target tried last, when every target failed (for the usage log). */
  lastTarget?: { provider: string; model: string };

  constructor(readonly code: GatewayErrorCode, message: string, readonly param?: string, readonly providerError?: unknown) {
    super(message);
    this.status = TABLE[code].status;
    this.type = TABLE[code].type;
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
