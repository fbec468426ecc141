import { moduleErrorCodes } from '../../platform/errors/error-codes.js';

/** The error codes only the mailboxes module raises; its routes list them in the OpenAPI document. */
export const MAILBOXES_ERROR_CODES = moduleErrorCodes('mailboxes', {
  MAILBOX_NOT_FOUND: { status: 404 },
  DOMAIN_NOT_VERIFIED: { status: 400 },
  ATTACHMENT_TOO_LARGE: { status: 400 },
  INVALID_RECIPIENT: { status: 400 },
} as const);

declare module '../../platform/errors/error-codes.js' {
  interface ModuleErrorCodeTables {
    mailboxes: typeof MAILBOXES_ERROR_CODES;
  }
}
