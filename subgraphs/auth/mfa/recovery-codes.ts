import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../shared/secret-token.js';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** `xxxxx-xxxxx` from a 31-letter alphabet without look-alikes: about 49.5 bits each (Better Auth's shape). */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What users type: any case, with or without the dash or spaces. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export const hashRecoveryCode = (code: string) => sha256(normalizeRecoveryCode(code));

export function sameHash(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
