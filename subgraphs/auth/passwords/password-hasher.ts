import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/** OWASP's argon2id baseline (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane, 32-byte hash, 16-byte salt. */
export const ARGON2_PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/** Hashes into the PHC string `$argon2id$v=19$m=…,t=…,p=…$salt$hash`, so parameters can change per hash. */
export async function hashPassword(password: string): Promise<string> {
  return argon2id({ password, salt: randomBytes(16), ...ARGON2_PARAMS, outputType: 'encoded' });
}

/**
 * hash-wasm's argon2Verify reads the stored PHC string's parameters and salt and recomputes; a malformed stored hash
 * never matches. Its final comparison is a plain string compare of the base64 digest: that leaks nothing usable, since
 * the digest of a guess is unpredictable without the salt.
 */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  if (!encoded.startsWith('$argon2id$')) return false;
  try {
    return await argon2Verify({ password, hash: encoded });
  } catch {
    return false;
  }
}

/** A hash of a random password: compared against when the user does not exist, so timing does not reveal that. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
