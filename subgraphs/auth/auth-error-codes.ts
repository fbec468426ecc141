import { moduleErrorCodes } from '../../platform/errors/error-codes.js';

/** The error codes only the auth module raises; its routes list them in the OpenAPI document. */
export const AUTH_ERROR_CODES = moduleErrorCodes('auth', {
  INVALID_CREDENTIALS: { status: 401 },
  INVALID_SESSION: { status: 401 },
  INVALID_MFA_CODE: { status: 401 },
  INVALID_TOKEN: { status: 400 },
  USER_BLOCKED: { status: 403 },
  EMAIL_NOT_VERIFIED: { status: 403 },
  MFA_REQUIRED: { status: 403 },
  PASSWORD_TOO_WEAK: { status: 400 },
  PASSWORD_BREACHED: { status: 400 },
  ACCOUNT_LOCKED: { status: 423 },
  MFA_ATTEMPTS_EXCEEDED: { status: 429 },
} as const);

declare module '../../platform/errors/error-codes.js' {
  interface ModuleErrorCodeTables {
    auth: typeof AUTH_ERROR_CODES;
  }
}
