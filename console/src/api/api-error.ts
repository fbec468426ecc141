/** An answer of the API that is not the data asked for, with what a person needs to report it. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** The platform's error code (UNAUTHORIZED, FORBIDDEN, VALIDATION_ERROR, ...), or NETWORK. */
    readonly code: string,
    /** X-Request-Id of the answer, when one came. */
    readonly requestId: string | null,
    /** GraphQL path of the field that failed, when it is one field's error. */
    readonly path: readonly (string | number)[] = [],
    /** Extra details of the error (a CQL error's position, a field's validation message). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const EXPLANATIONS: Record<string, string> = {
  UNAUTHORIZED: 'The API key was not accepted. Sign out and sign in again with a valid key.',
  UNAUTHENTICATED: 'The API key was not accepted. Sign out and sign in again with a valid key.',
  FORBIDDEN: 'This API key may not do this.',
  NOT_FOUND: 'It does not exist, or it belongs to another organization.',
  RATE_LIMITED: 'Too many requests for this key right now. Wait a moment and try again.',
  QUOTA_EXCEEDED: 'The plan’s quota for this is used up.',
  VALIDATION_ERROR: 'The request was refused because a value is not valid.',
  BAD_USER_INPUT: 'The request was refused because a value is not valid.',
  CONFLICT: 'It conflicts with something that already exists.',
  NETWORK: 'The platform did not answer. Check that it is running and reachable.',
  INTERNAL_SERVER_ERROR: 'The platform failed to answer. Try again; if it keeps failing, report the request id.',
  INTERNAL_ERROR: 'The platform failed to answer. Try again; if it keeps failing, report the request id.',
};

/** A sentence for the person in front of the console, then the platform's own message. */
export function explain(error: ApiError): { headline: string; detail: string } {
  return { headline: EXPLANATIONS[error.code] ?? 'The request failed.', detail: error.message };
}
