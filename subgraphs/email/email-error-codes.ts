import { moduleErrorCodes } from '../../platform/errors/error-codes.js';

/** The error codes only the email module raises; its routes list them in the OpenAPI document. */
export const EMAIL_ERROR_CODES = moduleErrorCodes('email', {
  RECIPIENT_SUPPRESSED: { status: 422 },
} as const);

declare module '../../platform/errors/error-codes.js' {
  interface ModuleErrorCodeTables {
    email: typeof EMAIL_ERROR_CODES;
  }
}
