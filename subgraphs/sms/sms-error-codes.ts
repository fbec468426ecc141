import { moduleErrorCodes } from '../../platform/errors/error-codes.js';

/** The error codes only the sms module raises; its routes list them in the OpenAPI document. */
export const SMS_ERROR_CODES = moduleErrorCodes('sms', {
  SMS_NOT_ENABLED: { status: 403 },
} as const);

declare module '../../platform/errors/error-codes.js' {
  interface ModuleErrorCodeTables {
    sms: typeof SMS_ERROR_CODES;
  }
}
