import { moduleErrorCodes } from '../../platform/errors/error-codes.js';

/** The error codes only the crm module raises; its routes list them in the OpenAPI document. */
export const CRM_ERROR_CODES = moduleErrorCodes('crm', {
  PENDING: { status: 202 },
  INVALID_ID: { status: 400 },
  CONTACT_EMAIL_EXISTS: { status: 409 },
  COMPANY_DOMAIN_EXISTS: { status: 409 },
  TAG_KEY_EXISTS: { status: 409 },
  PROPERTY_KEY_EXISTS: { status: 409 },
  ALREADY_ASSOCIATED: { status: 409 },
} as const);

declare module '../../platform/errors/error-codes.js' {
  interface ModuleErrorCodeTables {
    crm: typeof CRM_ERROR_CODES;
  }
}
