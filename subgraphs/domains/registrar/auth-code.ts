import { randomInt, timingSafeEqual, createHash } from 'node:crypto';

const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^*-_+='];
const ALL = CLASSES.join('');

/** A 20-character transfer authorization code with upper and lower case letters, digits and symbols (registries ask for all four). */
export function newAuthCode(): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < 20; i++) code += ALL[randomInt(ALL.length)];
    if (CLASSES.every((set) => [...code].some((c) => set.includes(c)))) return code;
  }
}

/** Constant-time comparison of two codes (hashed first, so lengths do not leak). */
export function sameAuthCode(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}
