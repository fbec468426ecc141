import { randomBytes, timingSafeEqual } from 'node:crypto';
import { argon2id } from 'hash-wasm';

/** OWASP's argon2id baseline (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane, 32-byte hash, 16-byte salt. */
export const ARGON2_PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/** Hashes into the PHC string `$argon2id$v=19$m=…,t=…,p=…$salt$hash`, so parameters can change per hash. */
export async function hashPassword(password: string): Promise<string> {
  return argon2id({ password, salt: randomBytes(16), ...ARGON2_PARAMS, outputType: 'encoded' });
}

/** Recomputes with the stored parameters and compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(encoded);
  if (!match) return false;
  const [, m, t, p, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64');
  const actual = await argon2id({
    password, salt: Buffer.from(salt!, 'base64'), memorySize: Number(m), iterations: Number(t), parallelism: Number(p), hashLength: expected.length, outputType: 'binary',
  });
  return timingSafeEqual(Buffer.from(actual), expected);
}

/** A hash of a random password: compared against when the user does not exist, so timing does not reveal that. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
