/** Response envelopes of the spec (document 1 part 2.1; DESIGN.md section 8). The bridge renders; modules never do. */
/** `domains`: the platform envelope with document 2 part 7's INVALID_REQUEST for every generic 400. */
export type EnvelopeStyle = 'platform' | 'domains' | 'forms' | 'support' | 'crm' | 'sms' | 'mailboxes' | 'openai';

export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

export function renderSuccess(style: EnvelopeStyle, data: unknown): unknown {
  switch (style) {
    case 'platform':
    case 'domains':
      return { success: true, data };
    case 'forms':
    case 'support':
    case 'crm':
    case 'mailboxes':
      return { data };
    case 'sms':
    case 'openai':
      return data;
  }
}

/** A list result arrives as `{data, meta}` with the platform meta `{count, offset, total, hasMore}`. */
export function renderList(style: EnvelopeStyle, result: { data: unknown[]; meta: Record<string, unknown> }): unknown {
  switch (style) {
    case 'platform':
    case 'domains':
      return { success: true, data: result.data, meta: result.meta };
    case 'forms':
    case 'support':
    case 'crm':
    case 'mailboxes':
      return { data: result.data, meta: result.meta };
    case 'sms':
      return { totalCount: result.meta.total, messages: result.data };
    case 'openai':
      return { object: 'list', data: result.data };
  }
}

export function renderError(style: EnvelopeStyle, status: number, error: ErrorBody): unknown {
  const withDetails = error.details === undefined ? { code: error.code, message: error.message } : error;
  switch (style) {
    case 'platform':
      return { success: false, error: withDetails };
    case 'domains':
      // Document 2 part 7: an invalid request body is INVALID_REQUEST, whichever layer (coercion or class-validator) caught it.
      return { success: false, error: error.code === 'VALIDATION_ERROR' ? { ...withDetails, code: 'INVALID_REQUEST' } : withDetails };
    case 'forms':
    case 'support':
      // Forms and support call every 400 VALIDATION_ERROR (document 1 part 7, document 2 part 7), bridge-level ones included.
      return { error: error.code === 'INVALID_REQUEST' ? { ...withDetails, code: 'VALIDATION_ERROR' } : withDetails };
    case 'crm':
      // CRM keeps INVALID_REQUEST and its own codes (document 3 part 7).
      return { error: withDetails };
    case 'mailboxes':
      // Document 3 part 7: bridge-level 400s are VALIDATION_ERROR, 429 is RATE_LIMIT_EXCEEDED.
      return { error: { code: MAILBOX_CODES[error.code] ?? error.code, message: error.message } };
    case 'sms':
      return { error: { code: error.code, message: error.message, statusCode: status } };
    case 'openai':
      return { error: openaiError(status, error) };
  }
}

const MAILBOX_CODES: Record<string, string> = { INVALID_REQUEST: 'VALIDATION_ERROR', RATE_LIMITED: 'RATE_LIMIT_EXCEEDED' };

/** Document 3 part 7: lowercase codes, the error type of the code, `param` naming the offending parameter. */
const OPENAI_CODES: Record<string, { code: string; type: string }> = {
  UNAUTHORIZED: { code: 'unauthorized', type: 'authentication_error' },
  FORBIDDEN: { code: 'forbidden', type: 'authentication_error' },
  INVALID_REQUEST: { code: 'invalid_request', type: 'invalid_request_error' },
  VALIDATION_ERROR: { code: 'invalid_request', type: 'invalid_request_error' },
  MODEL_NOT_FOUND: { code: 'model_not_found', type: 'invalid_request_error' },
  PROVIDER_NOT_CONFIGURED: { code: 'provider_not_configured', type: 'configuration_error' },
  RATE_LIMITED: { code: 'rate_limit_exceeded', type: 'rate_limit_error' },
  PROVIDER_ERROR: { code: 'provider_error', type: 'provider_error' },
  PROVIDER_UNAVAILABLE: { code: 'provider_unavailable', type: 'provider_error' },
  SERVICE_UNAVAILABLE: { code: 'service_unavailable', type: 'service_unavailable' },
};

function openaiError(status: number, error: ErrorBody) {
  const known = OPENAI_CODES[error.code] ?? { code: error.code.toLowerCase(), type: status >= 500 ? 'server_error' : 'invalid_request_error' };
  const details = error.details as { field?: unknown } | undefined;
  return { ...known, message: error.message, ...(typeof details?.field === 'string' ? { param: details.field } : {}) };
}
