import { randomBytes, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';
import { DomainError } from '../../../platform/errors/domain-error.js';

/** OWASP's argon2id baseline (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane, 32-byte hash, 16-byte salt. */
export const ARGON2_PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

const SALT_BYTES = 16;

/**
 * Bounds on the parameters of a stored hash we agree to recompute: a corrupted or planted PHC string must not make one
 * verification allocate gigabytes or run for minutes. Far above anything this module ever wrote.
 */
const MAX_STORED = { memorySize: 262_144, iterations: 16, parallelism: 8, hashLength: 64 } as const;

/** `$argon2id$v=19$m=…,t=…,p=…$salt$hash`, base64 without padding (the reference implementation's form). */
const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]{11,86})\$([A-Za-z0-9+/]{6,86})$/;

/** Options of the hashing gate. */
export interface PasswordHasherOptions {
  /** Hashes computed at once on the thread pool (each takes one pool thread and 19 MiB for its duration). */
  concurrency: number;
  /** Hashes allowed to wait for a slot; past this a request is refused with SERVICE_UNAVAILABLE and Retry-After. */
  maxQueued: number;
  /** Seconds a refused caller is told to wait. */
  retryAfterSeconds?: number;
}

/**
 * argon2id through the native `argon2` addon: the work runs on libuv's thread pool, so the event loop (shared by every
 * module of the process) keeps serving while a password is hashed. A bounded queue in front of it caps the memory and
 * pool threads a burst of sign-ins can take; a full queue is answered at once (503 with Retry-After) rather than
 * piling up requests. Why native rather than WebAssembly: docs/decisions/0100-argon2-native-thread-pool.md.
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private decoy?: Promise<string>;

  constructor(private readonly options: PasswordHasherOptions) {}

  /** Hashes into the PHC string `$argon2id$v=19$m=…,t=…,p=…$salt$hash`, so parameters can change per hash. */
  async hash(password: string): Promise<string> {
    return this.gated(() => hashPassword(password));
  }

  /** Whether the password matches the stored PHC string; a malformed stored hash never matches. */
  async verify(password: string, encoded: string): Promise<boolean> {
    return this.gated(() => verifyPassword(password, encoded));
  }

  /** A hash of a random password: compared against when the user does not exist, so timing does not reveal that. */
  decoyHash(): Promise<string> {
    this.decoy ??= hashPassword(randomBytes(16).toString('hex'));
    return this.decoy;
  }

  /** Hashes running and waiting now (metrics, tests). */
  load(): { running: number; queued: number } {
    return { running: this.running, queued: this.waiting.length };
  }

  private async gated<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxQueued) {
        const retryAfter = this.options.retryAfterSeconds ?? 1;
        throw new DomainError(
          'SERVICE_UNAVAILABLE',
          `Too many sign-ins and password changes in progress; retry in ${retryAfter} s`,
          { retryAfter },
        );
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `running` never dips and a newcomer cannot jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** One hash on the thread pool, unqueued (tests, benchmarks and the gate above). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const digest = await argon2id(password, salt, ARGON2_PARAMS);
  return `$argon2id$v=19$m=${ARGON2_PARAMS.memorySize},t=${ARGON2_PARAMS.iterations},p=${ARGON2_PARAMS.parallelism}$${b64(salt)}$${b64(digest)}`;
}

/**
 * Reads the stored PHC string's parameters and salt, recomputes with them and compares in constant time. Parsed here
 * rather than by the addon's verify because the addon writes and expects its parameters in another order (m,p,t)
 * than the hashes already stored (m,t,p, the reference form).
 */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const match = PHC.exec(encoded);
  if (!match) return false;
  const params = { memorySize: Number(match[1]), iterations: Number(match[2]), parallelism: Number(match[3]) };
  const salt = Buffer.from(match[4]!, 'base64');
  const expected = Buffer.from(match[5]!, 'base64');
  if (params.memorySize < 8 * params.parallelism || params.memorySize > MAX_STORED.memorySize) return false;
  if (params.iterations < 1 || params.iterations > MAX_STORED.iterations) return false;
  if (params.parallelism < 1 || params.parallelism > MAX_STORED.parallelism) return false;
  if (salt.length < 8 || expected.length < 4 || expected.length > MAX_STORED.hashLength) return false;
  try {
    const actual = await argon2id(password, salt, { ...params, hashLength: expected.length });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

function argon2id(
  password: string,
  salt: Buffer,
  p: { memorySize: number; iterations: number; parallelism: number; hashLength: number },
): Promise<Buffer> {
  return argon2.hash(password, {
    type: argon2.argon2id,
    version: 0x13,
    salt,
    memoryCost: p.memorySize,
    timeCost: p.iterations,
    parallelism: p.parallelism,
    hashLength: p.hashLength,
    raw: true,
  });
}

function b64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}
