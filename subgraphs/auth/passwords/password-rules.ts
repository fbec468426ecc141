import { DomainError } from '../../../platform/errors/domain-error.js';
import type { PasswordPolicy } from '../security/policy-defaults.js';
import type { BreachChecker } from './breach-checker.js';

/** Checks a new password against the policy: PASSWORD_TOO_WEAK names every rule it breaks; PASSWORD_BREACHED after. */
export async function checkNewPassword(
  password: unknown,
  policy: PasswordPolicy,
  breaches: BreachChecker,
  email?: string,
): Promise<string> {
  if (typeof password !== 'string') {
    throw new DomainError('INVALID_REQUEST', 'password must be a string', {
      field: 'password',
      received: password === undefined ? null : typeof password,
      expected: 'string',
    });
  }
  const broken: string[] = [];
  const length = [...password].length;
  if (length < policy.minLength) broken.push(`at least ${policy.minLength} characters`);
  if (length > policy.maxLength) broken.push(`at most ${policy.maxLength} characters`);
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) broken.push('an upper-case letter');
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) broken.push('a lower-case letter');
  if (policy.requireNumbers && !/\p{Nd}/u.test(password)) broken.push('a digit');
  if (policy.requireSymbols && !/[^\p{L}\p{Nd}]/u.test(password)) broken.push('a symbol');
  const local = email?.split('@')[0]?.toLowerCase();
  if (policy.disallowEmailInPassword && local && local.length >= 3 && password.toLowerCase().includes(local))
    broken.push('no part of the email address');
  if (broken.length > 0) {
    throw new DomainError('PASSWORD_TOO_WEAK', `The password must have ${broken.join(', ')}`, {
      field: 'password',
      unmet: broken,
    });
  }
  if (policy.breachedPasswordCheck && (await breaches.isBreached(password))) {
    throw new DomainError('PASSWORD_BREACHED', 'This password appears in known data breaches; choose another', {
      field: 'password',
    });
  }
  return password;
}
