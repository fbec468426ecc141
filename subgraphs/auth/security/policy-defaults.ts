/** Password rules and sign-in protection (Logto and Kratos knobs; lockout as Auth0's brute-force protection). */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  requireUppercase: boolean;
  requireLowercase: boolean;
  requireNumbers: boolean;
  requireSymbols: boolean;
  /** Refuse passwords found in the shipped list (and the HIBP range API when AUTH_HIBP_ENABLED). */
  breachedPasswordCheck: boolean;
  /** Refuse passwords containing the local part of the user's email (Kratos identifier similarity). */
  disallowEmailInPassword: boolean;
  /** Failed sign-ins in a row that lock the account; 0 turns lockout off. */
  lockoutThreshold: number;
  lockoutDurationMinutes: number;
  /** Sign-in answers EMAIL_NOT_VERIFIED until the address is verified. */
  requireEmailVerification: boolean;
}

/** Session lifetime rules. */
export interface SessionPolicy {
  /** Absolute lifetime from sign-in. */
  lifetimeMinutes: number;
  /** A session unused this long ends; 0 turns the idle timeout off. */
  idleTimeoutMinutes: number;
  /** Every sign-in needs a second factor; users without one get MFA_REQUIRED (enrolment needed). */
  mfaRequired: boolean;
  /** Sign-in ends the user's oldest sessions beyond this number; 0 = no limit. */
  maxSessionsPerUser: number;
}

export const PASSWORD_POLICY_DEFAULTS: PasswordPolicy = {
  minLength: 8,
  maxLength: 128,
  requireUppercase: false,
  requireLowercase: false,
  requireNumbers: false,
  requireSymbols: false,
  breachedPasswordCheck: true,
  disallowEmailInPassword: false,
  lockoutThreshold: 5,
  lockoutDurationMinutes: 15,
  requireEmailVerification: false,
};

export const SESSION_POLICY_DEFAULTS: SessionPolicy = {
  lifetimeMinutes: 7 * 24 * 60,
  idleTimeoutMinutes: 24 * 60,
  mfaRequired: false,
  maxSessionsPerUser: 0,
};
