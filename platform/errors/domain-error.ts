import { GraphQLError } from 'graphql';
import { type ErrorCode, statusOf } from './error-codes.js';

/** Details of a validation error: which field, what came in, what is allowed. */
export interface ErrorDetails {
  field?: string;
  received?: unknown;
  expected?: unknown;
  [key: string]: unknown;
}

/** The one error the platform throws on purpose. Its code decides the HTTP status and the envelope. */
export class DomainError extends GraphQLError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails | ErrorDetails[] | Record<string, unknown>,
  ) {
    super(message, { extensions: { code, http: { status: statusOf(code) }, ...(details ? { details } : {}) } });
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

export const invalid = (field: string, received: unknown, expected: unknown, message?: string) =>
  new DomainError('INVALID_REQUEST', message ?? `Invalid value for ${field}`, { field, received, expected });

export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found`);
