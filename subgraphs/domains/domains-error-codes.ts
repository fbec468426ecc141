import { moduleErrorCodes } from '../../platform/errors/error-codes.js';

/** The error codes only the domains module raises; its routes list them in the OpenAPI document. */
export const DOMAINS_ERROR_CODES = moduleErrorCodes('domains', {
  INVALID_DOMAIN_NAME: { status: 400 },
  TLD_NOT_SUPPORTED: { status: 400 },
  INVALID_AUTH_CODE: { status: 400 },
  INVALID_DNS_RECORD: { status: 400 },
  DOMAIN_UNAVAILABLE: { status: 409 },
  TRANSFER_LOCKED: { status: 409 },
  DNS_RECORD_EXISTS: { status: 409 },
  DNSSEC_ALREADY_ENABLED: { status: 409 },
  REGISTRAR_UNAVAILABLE: { status: 502 },
} as const);

declare module '../../platform/errors/error-codes.js' {
  interface ModuleErrorCodeTables {
    domains: typeof DOMAINS_ERROR_CODES;
  }
}
