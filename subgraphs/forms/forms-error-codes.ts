import { moduleErrorCodes } from '../../platform/errors/error-codes.js';

/** The error codes only the forms module raises; its routes list them in the OpenAPI document. */
export const FORMS_ERROR_CODES = moduleErrorCodes('forms', {
  FORM_PASSWORD_REQUIRED: { status: 401 },
  FORM_PASSWORD_INVALID: { status: 403 },
} as const);

declare module '../../platform/errors/error-codes.js' {
  interface ModuleErrorCodeTables {
    forms: typeof FORMS_ERROR_CODES;
  }
}
