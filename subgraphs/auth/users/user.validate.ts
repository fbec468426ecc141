import { invalid } from '../../../platform/errors/domain-error.js';
import { isEmailAddress } from '../../../platform/validation/email-address.js';
import type { UserProfileInput } from './user.types.js';

/** Lower-cased, trimmed address; 400 with details when it is not one. */
export function normalizeEmail(value: unknown, field = 'email'): string {
  if (typeof value !== 'string') throw invalid(field, value ?? null, 'an email address', `${field} is required`);
  const email = value.trim().toLowerCase();
  if (!isEmailAddress(email))
    throw invalid(field, value, 'an email address such as ada@example.com', `${field} is not a valid email address`);
  return email;
}

/** The names given, trimmed (lengths are checked on the input type). */
export function profileOf(profile: UserProfileInput | null | undefined): {
  firstName?: string | null;
  lastName?: string | null;
} {
  const result: { firstName?: string | null; lastName?: string | null } = {};
  for (const name of ['firstName', 'lastName'] as const) {
    const value = profile?.[name];
    if (value !== undefined) result[name] = value === null ? null : value.trim();
  }
  return result;
}
