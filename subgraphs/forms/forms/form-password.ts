import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../../platform/errors/domain-error.js';

/** scrypt cost: ~30 ms a check here; the public rate limits bound guesses per IP. */
const COST = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$<salt>$<key>`, both base64. */
export async function hashFormPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${(await derive(password, salt)).toString('base64')}`;
}

async function matches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Settings as stored: `password` (validated plain text, or null) becomes `passwordHash`. Left out of an update, the
 * current password stays, so editing another setting never drops it silently; null removes it.
 */
export async function settingsToStore(
  given: Record<string, unknown>,
  current: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const { password, ...rest } = given;
  if (password === undefined)
    return typeof current.passwordHash === 'string' ? { ...rest, passwordHash: current.passwordHash } : rest;
  if (password === null) return rest;
  return { ...rest, passwordHash: await hashFormPassword(password as string) };
}

/** Settings as the owner sees them: never the hash, only whether there is a password. */
export function settingsView(settings: Record<string, unknown>): Record<string, unknown> {
  const { passwordHash, ...rest } = settings;
  return { ...rest, hasPassword: typeof passwordHash === 'string' };
}

export function hasPassword(settings: Record<string, unknown>): boolean {
  return typeof settings.passwordHash === 'string';
}

/** Respondents of a password form send it in X-Form-Password: 401 without it, 403 when it is wrong. */
export async function checkFormPassword(
  settings: Record<string, unknown>,
  given: string | null | undefined,
): Promise<void> {
  if (!hasPassword(settings)) return;
  if (given == null || given === '')
    throw new DomainError(
      'FORM_PASSWORD_REQUIRED',
      'This form is password-protected: send its password in X-Form-Password',
    );
  if (given.length > 128 || !(await matches(given, settings.passwordHash as string)))
    throw new DomainError('FORM_PASSWORD_INVALID', 'Wrong form password');
}
