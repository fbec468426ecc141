import { renderError, type EnvelopeStyle } from '../../rest-bridge/envelopes.js';
import type { RouteSpec } from '../../rest-bridge/route-table.js';
import { statusOf, type ErrorCode } from '../../platform/errors/error-codes.js';
import type { JsonSchema } from './graphql-json-schema.js';

/** The codes a module's own services raise, beyond those every route may answer (a per-module list, not per route). */
const MODULE_CODES: Record<string, ErrorCode[]> = {
  email: ['MESSAGE_NOT_FOUND', 'TEMPLATE_NOT_FOUND', 'RECIPIENT_SUPPRESSED', 'QUOTA_EXCEEDED', 'CONFLICT'],
  sms: ['MESSAGE_NOT_FOUND', 'TEMPLATE_NOT_FOUND', 'SMS_NOT_ENABLED', 'QUOTA_EXCEEDED', 'CONFLICT'],
  forms: ['FORM_PASSWORD_REQUIRED', 'FORM_PASSWORD_INVALID', 'QUOTA_EXCEEDED', 'CONFLICT'],
  webhooks: ['CONFLICT'],
  crm: ['PENDING', 'INVALID_ID', 'CONTACT_EMAIL_EXISTS', 'COMPANY_DOMAIN_EXISTS', 'TAG_KEY_EXISTS', 'PROPERTY_KEY_EXISTS', 'ALREADY_ASSOCIATED', 'CONFLICT'],
  auth: ['INVALID_CREDENTIALS', 'INVALID_SESSION', 'INVALID_MFA_CODE', 'INVALID_TOKEN', 'USER_BLOCKED', 'EMAIL_NOT_VERIFIED', 'MFA_REQUIRED', 'PASSWORD_TOO_WEAK', 'PASSWORD_BREACHED', 'ACCOUNT_LOCKED', 'MFA_ATTEMPTS_EXCEEDED', 'CONFLICT'],
  calendar: ['SLOT_UNAVAILABLE', 'PAST_BOOKING', 'MINIMUM_NOTICE', 'MAXIMUM_ADVANCE', 'DAILY_LIMIT', 'INVALID_TIMEZONE', 'HOST_UNAVAILABLE', 'EVENT_TYPE_INACTIVE', 'CONFLICT'],
  support: ['CONFLICT'],
  domains: ['INVALID_DOMAIN_NAME', 'TLD_NOT_SUPPORTED', 'INVALID_AUTH_CODE', 'INVALID_DNS_RECORD', 'DOMAIN_UNAVAILABLE', 'TRANSFER_LOCKED', 'DNS_RECORD_EXISTS', 'DNSSEC_ALREADY_ENABLED', 'REGISTRAR_UNAVAILABLE', 'CONFLICT'],
  mailboxes: ['MAILBOX_NOT_FOUND', 'MESSAGE_NOT_FOUND', 'DOMAIN_NOT_VERIFIED', 'ATTACHMENT_TOO_LARGE', 'INVALID_RECIPIENT', 'CONFLICT'],
  'ai-gateway': ['MODEL_NOT_FOUND', 'PROVIDER_NOT_CONFIGURED', 'PROVIDER_ERROR', 'PROVIDER_UNAVAILABLE'],
};

/** What the edge and the bridge answer on any route, whatever the module. */
function commonCodes(spec: RouteSpec, readsCredentials: boolean): ErrorCode[] {
  const codes: ErrorCode[] = ['INVALID_REQUEST', 'VALIDATION_ERROR', 'NOT_FOUND', 'RATE_LIMITED', 'INTERNAL_ERROR'];
  if (spec.auth !== 'public') codes.push('UNAUTHORIZED', 'FORBIDDEN');
  else if (readsCredentials) codes.push('UNAUTHORIZED', 'FORBIDDEN'); // a public route checking its own token or signature header
  if (spec.method !== 'GET') codes.push('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  return codes;
}

/**
 * Error responses by status, the codes as the module's envelope shows them (rendered by the bridge's own function).
 * Each distinct response is a component (`#/components/responses/...`) that routes refer to, so the document stays small.
 */
export class ErrorResponses {
  readonly components: Record<string, unknown> = {};
  private readonly names = new Map<string, string>();

  for(module: string, style: EnvelopeStyle, spec: RouteSpec, readsCredentials = false): Record<string, unknown> {
    return Object.fromEntries(Object.entries(errorResponses(module, style, spec, readsCredentials)).map(([status, response]) => {
      const key = JSON.stringify(response);
      let name = this.names.get(key);
      if (!name) {
        const base = `${module.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}Error${status}`;
        name = base;
        for (let i = 2; name in this.components; i++) name = `${base}_${i}`;
        this.names.set(key, name);
        this.components[name] = response;
      }
      return [status, { $ref: `#/components/responses/${name}` }];
    }));
  }
}

function errorResponses(module: string, style: EnvelopeStyle, spec: RouteSpec, readsCredentials: boolean): Record<string, unknown> {
  const byStatus = new Map<number, Set<string>>();
  for (const code of [...commonCodes(spec, readsCredentials), ...(MODULE_CODES[module] ?? [])]) {
    const status = statusOf(code);
    // PENDING: CRM's 202 "accepted, not committed yet; retry", in the error shape, on the records written asynchronously.
    if (code === 'PENDING' ? !/^\/crm\/(contacts|companies|activities)/.test(spec.path) : status < 400) continue;
    const shown = shownCode(style, status, code);
    (byStatus.get(status) ?? byStatus.set(status, new Set()).get(status)!).add(shown);
  }
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, codes]) => [String(status), {
    description: `Error codes: ${[...codes].join(', ')}`,
    content: { 'application/json': { schema: errorSchema(style, [...codes]) } },
  }]));
}

function shownCode(style: EnvelopeStyle, status: number, code: string): string {
  const rendered = renderError(style, status, { code, message: '' }) as { error: { code: string } };
  return rendered.error.code;
}

function errorSchema(style: EnvelopeStyle, codes: string[]): JsonSchema {
  const code = { type: 'string', enum: codes };
  const message = { type: 'string' };
  const details = { description: 'What was wrong: usually `{field, received, expected}`.' };
  const error = (properties: Record<string, JsonSchema>, required: string[]) => ({ type: 'object', properties, required });
  switch (style) {
    case 'platform':
    case 'domains':
      return error({ success: { const: false }, error: error({ code, message, details }, ['code', 'message']) }, ['success', 'error']);
    case 'forms':
    case 'support':
    case 'crm':
      return error({ error: error({ code, message, details }, ['code', 'message']) }, ['error']);
    case 'mailboxes':
      return error({ error: error({ code, message }, ['code', 'message']) }, ['error']);
    case 'sms':
      return error({ error: error({ code, message, statusCode: { type: 'integer' } }, ['code', 'message', 'statusCode']) }, ['error']);
    case 'openai':
      return error({ error: error({ code, message, type: { type: 'string' }, param: { type: 'string' } }, ['code', 'message', 'type']) }, ['error']);
  }
}
