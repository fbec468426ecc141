import type { EnvelopeStyle } from './envelope-style.js';

/** One error code: its HTTP status, where it is answered, and how each envelope shows it. */
export interface ErrorCodeEntry {
  /** HTTP status, also GraphQL's `extensions.http.status`. */
  readonly status: number;
  /**
   * Routes that may answer it, for the OpenAPI document: every route, routes that check credentials,
   * routes that take a body, or the routes of the named modules. Absent: listed nowhere.
   */
  readonly answeredOn?: 'every-route' | 'credentials' | 'body' | readonly string[];
  /** The code an envelope shows instead of this one. */
  readonly shownAs?: Partial<Record<Exclude<EnvelopeStyle, 'openai'>, string>>;
  /** The AI gateway's lowercase code and error type; absent: the code lowercased, `invalid_request_error` or `server_error`. */
  readonly openai?: { readonly code: string; readonly type: string };
}

/** A module's own code: answered on that module's routes, so it names no routes. */
export type ModuleErrorCodeEntry = Omit<ErrorCodeEntry, 'answeredOn'>;

/**
 * The cross-cutting codes: any route may answer them (transport, credentials, limits, failures). GraphQL errors
 * carry the code and status in `extensions`; the REST bridge, the direct routes and the AI gateway render them into
 * each module's envelope; the OpenAPI document lists them. A module's own codes live in its
 * `<module>-error-codes.ts` (see {@link moduleErrorCodes}).
 */
export const PLATFORM_ERROR_CODES = {
  INVALID_REQUEST: {
    status: 400,
    answeredOn: 'every-route',
    shownAs: { forms: 'VALIDATION_ERROR', support: 'VALIDATION_ERROR', mailboxes: 'VALIDATION_ERROR' },
    openai: { code: 'invalid_request', type: 'invalid_request_error' },
  },
  VALIDATION_ERROR: {
    status: 400,
    answeredOn: 'every-route',
    shownAs: { domains: 'INVALID_REQUEST' },
    openai: { code: 'invalid_request', type: 'invalid_request_error' },
  },
  UNAUTHORIZED: {
    status: 401,
    answeredOn: 'credentials',
    openai: { code: 'unauthorized', type: 'authentication_error' },
  },
  FORBIDDEN: { status: 403, answeredOn: 'credentials', openai: { code: 'forbidden', type: 'authentication_error' } },
  NOT_FOUND: { status: 404, answeredOn: 'every-route', openai: { code: 'not_found', type: 'invalid_request_error' } },
  METHOD_NOT_ALLOWED: { status: 405, openai: { code: 'method_not_allowed', type: 'invalid_request_error' } },
  REQUEST_TIMEOUT: { status: 408 },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    answeredOn: 'body',
    openai: { code: 'payload_too_large', type: 'invalid_request_error' },
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    answeredOn: 'body',
    openai: { code: 'unsupported_media_type', type: 'invalid_request_error' },
  },
  REQUEST_HEADERS_TOO_LARGE: { status: 431 },
  QUERY_TOO_COMPLEX: { status: 400 },
  RATE_LIMITED: {
    status: 429,
    answeredOn: 'every-route',
    shownAs: { mailboxes: 'RATE_LIMIT_EXCEEDED' },
    openai: { code: 'rate_limit_exceeded', type: 'rate_limit_error' },
  },
  INTERNAL_ERROR: { status: 500, answeredOn: 'every-route' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    answeredOn: 'every-route',
    openai: { code: 'service_unavailable', type: 'service_unavailable' },
  },
  /** How the mailboxes envelope shows RATE_LIMITED; never raised itself. */
  RATE_LIMIT_EXCEEDED: { status: 429 },
} as const satisfies Record<string, ErrorCodeEntry>;

/** Codes several modules raise with the same meaning; listed after each module's own codes. */
export const SHARED_ERROR_CODES = {
  MESSAGE_NOT_FOUND: { status: 404, answeredOn: ['email', 'sms', 'mailboxes'] },
  TEMPLATE_NOT_FOUND: { status: 404, answeredOn: ['email', 'sms'] },
  QUOTA_EXCEEDED: { status: 429, answeredOn: ['email', 'sms', 'forms'] },
  CONFLICT: {
    status: 409,
    answeredOn: ['email', 'sms', 'forms', 'webhooks', 'crm', 'auth', 'calendar', 'support', 'domains', 'mailboxes'],
  },
} as const satisfies Record<string, ErrorCodeEntry>;

/**
 * Each module's code table, by module name, added by declaration merging in the module's `<module>-error-codes.ts`,
 * so `ErrorCode` knows every code while the platform names no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleErrorCodeTables {}

type ModuleTable = ModuleErrorCodeTables[keyof ModuleErrorCodeTables];
type CodeTable = typeof PLATFORM_ERROR_CODES | typeof SHARED_ERROR_CODES | ModuleTable;
type CodesOf<T> = T extends unknown ? keyof T & string : never;
type OpenAiCodesOf<T> = T extends unknown
  ? { [K in keyof T]: T[K] extends { openai: { code: infer C } } ? C : never }[keyof T]
  : never;

export type ErrorCode = CodesOf<CodeTable>;

/** The AI gateway's lowercase codes. */
export type OpenAiErrorCode = OpenAiCodesOf<CodeTable>;

/** Module codes in registration order (the module list's order), each answered on its module's routes. */
const moduleCodes = new Map<string, ErrorCodeEntry & { readonly module: string }>();

/**
 * Declares a module's own codes. Called once at load by the module's `<module>-error-codes.ts` (which its index
 * imports), so the codes resolve in every process that loads the module; a code may belong to one table only.
 */
export function moduleErrorCodes<const T extends Record<string, ModuleErrorCodeEntry>>(module: string, table: T): T {
  for (const [code, entry] of Object.entries(table)) {
    const owner = moduleCodes.get(code)?.module;
    if (owner === module) continue;
    if (owner !== undefined || Object.hasOwn(PLATFORM_ERROR_CODES, code) || Object.hasOwn(SHARED_ERROR_CODES, code))
      throw new Error(`Error code ${code} of ${module} is already defined`);
    moduleCodes.set(code, { ...entry, answeredOn: [module], module });
  }
  return table;
}

/** Every code in catalog order: the platform's, each module's, then the shared ones (the OpenAPI document's order within a status). */
export function errorCodeCatalog(): [string, ErrorCodeEntry][] {
  return [...Object.entries(PLATFORM_ERROR_CODES), ...moduleCodes.entries(), ...Object.entries(SHARED_ERROR_CODES)];
}

function entryOf(code: string): ErrorCodeEntry | undefined {
  if (Object.hasOwn(PLATFORM_ERROR_CODES, code)) return (PLATFORM_ERROR_CODES as Record<string, ErrorCodeEntry>)[code];
  if (Object.hasOwn(SHARED_ERROR_CODES, code)) return (SHARED_ERROR_CODES as Record<string, ErrorCodeEntry>)[code];
  return moduleCodes.get(code);
}

/** Apollo's codes for a client's mistake: each is an INVALID_REQUEST to our callers. */
export const CLIENT_MISTAKE_CODES: ReadonlySet<string> = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'OPERATION_RESOLUTION_FAILURE',
]);

export function isErrorCode(code: string): code is ErrorCode {
  return entryOf(code) !== undefined;
}

export function statusOf(code: string | undefined): number {
  return (code && entryOf(code)?.status) || 500;
}

/** The code as an envelope shows it (forms call INVALID_REQUEST VALIDATION_ERROR, ...). */
export function shownCode(style: Exclude<EnvelopeStyle, 'openai'>, code: string): string {
  return entryOf(code)?.shownAs?.[style] || code;
}

/** The AI gateway's code and error type for a platform code. */
export function openAiError(code: string, status: number): { code: string; type: string } {
  return (
    entryOf(code)?.openai ?? {
      code: code.toLowerCase(),
      type: status >= 500 ? 'server_error' : 'invalid_request_error',
    }
  );
}

/** The platform code behind an AI gateway code (the first in the catalog: `invalid_request` is INVALID_REQUEST). */
export function codeOfOpenAi(code: OpenAiErrorCode): ErrorCode {
  return errorCodeCatalog().find(([, entry]) => entry.openai?.code === code)![0] as ErrorCode;
}

/** The codes the OpenAPI document lists on a route, in catalog order. */
export function codesAnsweredOn(route: {
  module: string;
  checksCredentials: boolean;
  takesBody: boolean;
}): ErrorCode[] {
  return errorCodeCatalog()
    .filter(([, entry]) => {
      const on = entry.answeredOn;
      if (on === undefined) return false;
      if (on === 'every-route') return true;
      if (on === 'credentials') return route.checksCredentials;
      if (on === 'body') return route.takesBody;
      return on.includes(route.module);
    })
    .map(([code]) => code as ErrorCode);
}
