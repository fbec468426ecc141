/**
 * Why an SSO sign-in did not end with a code: `error` is the machine value put in the redirect (`error=`), the
 * description the human one (`error_description=`), `reason` what the audit log's login.failed entry records.
 */
export class SsoFailure extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly reason: string = error.toUpperCase(),
  ) {
    super(description);
  }
}

/** The `error=` values a redirect URI may receive. */
export const SSO_ERRORS = {
  connectionNotFound: 'connection_not_found',
  connectionDisabled: 'connection_disabled',
  idpUnavailable: 'idp_unavailable',
  idpError: 'idp_error',
  invalidResponse: 'invalid_response',
  replayed: 'replayed',
  expired: 'expired',
  browserMismatch: 'browser_mismatch',
  emailMissing: 'email_missing',
  emailNotVerified: 'email_not_verified',
  domainNotAllowed: 'domain_not_allowed',
  identityMismatch: 'identity_mismatch',
  userNotFound: 'user_not_found',
  userBlocked: 'user_blocked',
  accountLocked: 'account_locked',
} as const;
