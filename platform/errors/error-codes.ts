import type { EnvelopeStyle } from './envelope-style.js';

/** The modules whose routes the OpenAPI document lists a code on. */
type ModuleName = 'email' | 'sms' | 'forms' | 'webhooks' | 'crm' | 'auth' | 'calendar' | 'support' | 'domains' | 'mailboxes' | 'ai-gateway';

/** One error code: its HTTP status, where it is answered, and how each envelope shows it. */
interface ErrorCodeEntry {
  /** HTTP status, also GraphQL's `extensions.http.status`. */
  readonly status: number;
  /**
   * Routes that may answer it, for the OpenAPI document: every route, routes that check credentials,
   * routes that take a body, or the routes of the modules whose services raise it. Absent: listed nowhere.
   */
  readonly answeredOn?: 'every-route' | 'credentials' | 'body' | readonly ModuleName[];
  /** The code an envelope shows instead of this one. */
  readonly shownAs?: Partial<Record<Exclude<EnvelopeStyle, 'openai'>, string>>;
  /** The AI gateway's lowercase code and error type; absent: the code lowercased, `invalid_request_error` or `server_error`. */
  readonly openai?: { readonly code: string; readonly type: string };
}

/**
 * The one table of error codes. GraphQL errors carry the code and status in `extensions`; the REST bridge,
 * the direct routes and the AI gateway render them into each module's envelope; the OpenAPI document lists them.
 * Within one status, a module's codes appear in the OpenAPI document in this table's order.
 */
export const ERROR_CODES = {
  INVALID_REQUEST: { status: 400, answeredOn: 'every-route', shownAs: { forms: 'VALIDATION_ERROR', support: 'VALIDATION_ERROR', mailboxes: 'VALIDATION_ERROR' }, openai: { code: 'invalid_request', type: 'invalid_request_error' } },
  VALIDATION_ERROR: { status: 400, answeredOn: 'every-route', shownAs: { domains: 'INVALID_REQUEST' }, openai: { code: 'invalid_request', type: 'invalid_request_error' } },
  UNAUTHORIZED: { status: 401, answeredOn: 'credentials', openai: { code: 'unauthorized', type: 'authentication_error' } },
  FORBIDDEN: { status: 403, answeredOn: 'credentials', openai: { code: 'forbidden', type: 'authentication_error' } },
  FORM_PASSWORD_REQUIRED: { status: 401, answeredOn: ['forms'] },
  FORM_PASSWORD_INVALID: { status: 403, answeredOn: ['forms'] },
  SMS_NOT_ENABLED: { status: 403, answeredOn: ['sms'] },
  NOT_FOUND: { status: 404, answeredOn: 'every-route', openai: { code: 'not_found', type: 'invalid_request_error' } },
  METHOD_NOT_ALLOWED: { status: 405, openai: { code: 'method_not_allowed', type: 'invalid_request_error' } },
  REQUEST_TIMEOUT: { status: 408 },
  PAYLOAD_TOO_LARGE: { status: 413, answeredOn: 'body', openai: { code: 'payload_too_large', type: 'invalid_request_error' } },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, answeredOn: 'body', openai: { code: 'unsupported_media_type', type: 'invalid_request_error' } },
  REQUEST_HEADERS_TOO_LARGE: { status: 431 },
  QUERY_TOO_COMPLEX: { status: 400 },
  RECIPIENT_SUPPRESSED: { status: 422, answeredOn: ['email'] },
  RATE_LIMITED: { status: 429, answeredOn: 'every-route', shownAs: { mailboxes: 'RATE_LIMIT_EXCEEDED' }, openai: { code: 'rate_limit_exceeded', type: 'rate_limit_error' } },
  INTERNAL_ERROR: { status: 500, answeredOn: 'every-route' },
  SERVICE_UNAVAILABLE: { status: 503, answeredOn: ['auth'], openai: { code: 'service_unavailable', type: 'service_unavailable' } },
  // crm
  PENDING: { status: 202, answeredOn: ['crm'] },
  INVALID_ID: { status: 400, answeredOn: ['crm'] },
  CONTACT_EMAIL_EXISTS: { status: 409, answeredOn: ['crm'] },
  COMPANY_DOMAIN_EXISTS: { status: 409, answeredOn: ['crm'] },
  TAG_KEY_EXISTS: { status: 409, answeredOn: ['crm'] },
  PROPERTY_KEY_EXISTS: { status: 409, answeredOn: ['crm'] },
  ALREADY_ASSOCIATED: { status: 409, answeredOn: ['crm'] },
  // auth
  INVALID_CREDENTIALS: { status: 401, answeredOn: ['auth'] },
  INVALID_SESSION: { status: 401, answeredOn: ['auth'] },
  INVALID_MFA_CODE: { status: 401, answeredOn: ['auth'] },
  INVALID_TOKEN: { status: 400, answeredOn: ['auth'] },
  USER_BLOCKED: { status: 403, answeredOn: ['auth'] },
  EMAIL_NOT_VERIFIED: { status: 403, answeredOn: ['auth'] },
  MFA_REQUIRED: { status: 403, answeredOn: ['auth'] },
  PASSWORD_TOO_WEAK: { status: 400, answeredOn: ['auth'] },
  PASSWORD_BREACHED: { status: 400, answeredOn: ['auth'] },
  ACCOUNT_LOCKED: { status: 423, answeredOn: ['auth'] },
  MFA_ATTEMPTS_EXCEEDED: { status: 429, answeredOn: ['auth'] },
  // ai-gateway
  MODEL_NOT_FOUND: { status: 400, answeredOn: ['ai-gateway'], openai: { code: 'model_not_found', type: 'invalid_request_error' } },
  PROVIDER_NOT_CONFIGURED: { status: 400, answeredOn: ['ai-gateway'], openai: { code: 'provider_not_configured', type: 'configuration_error' } },
  PROVIDER_ERROR: { status: 500, answeredOn: ['ai-gateway'], openai: { code: 'provider_error', type: 'provider_error' } },
  PROVIDER_UNAVAILABLE: { status: 502, answeredOn: ['ai-gateway'], openai: { code: 'provider_unavailable', type: 'provider_error' } },
  // calendar
  SLOT_UNAVAILABLE: { status: 409, answeredOn: ['calendar'] },
  PAST_BOOKING: { status: 400, answeredOn: ['calendar'] },
  MINIMUM_NOTICE: { status: 400, answeredOn: ['calendar'] },
  MAXIMUM_ADVANCE: { status: 400, answeredOn: ['calendar'] },
  DAILY_LIMIT: { status: 409, answeredOn: ['calendar'] },
  INVALID_TIMEZONE: { status: 400, answeredOn: ['calendar'] },
  HOST_UNAVAILABLE: { status: 409, answeredOn: ['calendar'] },
  EVENT_TYPE_INACTIVE: { status: 409, answeredOn: ['calendar'] },
  // domains
  INVALID_DOMAIN_NAME: { status: 400, answeredOn: ['domains'] },
  TLD_NOT_SUPPORTED: { status: 400, answeredOn: ['domains'] },
  INVALID_AUTH_CODE: { status: 400, answeredOn: ['domains'] },
  INVALID_DNS_RECORD: { status: 400, answeredOn: ['domains'] },
  DOMAIN_UNAVAILABLE: { status: 409, answeredOn: ['domains'] },
  TRANSFER_LOCKED: { status: 409, answeredOn: ['domains'] },
  DNS_RECORD_EXISTS: { status: 409, answeredOn: ['domains'] },
  DNSSEC_ALREADY_ENABLED: { status: 409, answeredOn: ['domains'] },
  REGISTRAR_UNAVAILABLE: { status: 502, answeredOn: ['domains'] },
  // mailboxes
  MAILBOX_NOT_FOUND: { status: 404, answeredOn: ['mailboxes'] },
  DOMAIN_NOT_VERIFIED: { status: 400, answeredOn: ['mailboxes'] },
  ATTACHMENT_TOO_LARGE: { status: 400, answeredOn: ['mailboxes'] },
  INVALID_RECIPIENT: { status: 400, answeredOn: ['mailboxes'] },
  RATE_LIMIT_EXCEEDED: { status: 429 },
  // several modules
  MESSAGE_NOT_FOUND: { status: 404, answeredOn: ['email', 'sms', 'mailboxes'] },
  TEMPLATE_NOT_FOUND: { status: 404, answeredOn: ['email', 'sms'] },
  QUOTA_EXCEEDED: { status: 429, answeredOn: ['email', 'sms', 'forms'] },
  CONFLICT: { status: 409, answeredOn: ['email', 'sms', 'forms', 'webhooks', 'crm', 'auth', 'calendar', 'support', 'domains', 'mailboxes'] },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The AI gateway's lowercase codes. */
export type OpenAiErrorCode = { [K in ErrorCode]: (typeof ERROR_CODES)[K] extends { openai: { code: infer C } } ? C : never }[ErrorCode];

/** Apollo's codes for a client's mistake: each is an INVALID_REQUEST to our callers. */
export const CLIENT_MISTAKE_CODES: ReadonlySet<string> = new Set([
  'GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND', 'OPERATION_RESOLUTION_FAILURE',
]);

const entries: Readonly<Record<string, ErrorCodeEntry>> = ERROR_CODES;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

export function statusOf(code: string | undefined): number {
  return (code && isErrorCode(code) && ERROR_CODES[code].status) || 500;
}

/** The code as an envelope shows it (forms call INVALID_REQUEST VALIDATION_ERROR, ...). */
export function shownCode(style: Exclude<EnvelopeStyle, 'openai'>, code: string): string {
  return (Object.hasOwn(entries, code) && entries[code]!.shownAs?.[style]) || code;
}

/** The AI gateway's code and error type for a platform code. */
export function openAiError(code: string, status: number): { code: string; type: string } {
  return (Object.hasOwn(entries, code) && entries[code]!.openai) || { code: code.toLowerCase(), type: status >= 500 ? 'server_error' : 'invalid_request_error' };
}

const byOpenAiCode = new Map<string, ErrorCode>();
for (const [code, entry] of Object.entries(entries)) if (entry.openai && !byOpenAiCode.has(entry.openai.code)) byOpenAiCode.set(entry.openai.code, code as ErrorCode);

/** The platform code behind an AI gateway code (the first in the table: `invalid_request` is INVALID_REQUEST). */
export function codeOfOpenAi(code: OpenAiErrorCode): ErrorCode {
  return byOpenAiCode.get(code)!;
}

/** The codes the OpenAPI document lists on a route, in table order. */
export function codesAnsweredOn(route: { module: string; checksCredentials: boolean; takesBody: boolean }): ErrorCode[] {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => {
    const on = entries[code]!.answeredOn;
    if (on === undefined) return false;
    if (on === 'every-route') return true;
    if (on === 'credentials') return route.checksCredentials;
    if (on === 'body') return route.takesBody;
    return (on as readonly string[]).includes(route.module);
  });
}
