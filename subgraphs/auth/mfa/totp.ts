import { randomBytes, timingSafeEqual } from 'node:crypto';
import * as OTPAuth from 'otpauth';

/** RFC 6238 as Keycloak's defaults: HMAC-SHA-1, 6 digits, 30 s steps from T0 = 0, one step of drift either way. */
export const TOTP = { digits: 6, periodSeconds: 30, drift: 1, algorithm: 'SHA1' } as const;

const secretOf = (bytes: Uint8Array) => new OTPAuth.Secret({ buffer: Uint8Array.from(bytes).buffer });

/** RFC 4648 base32 (no padding), as authenticator apps read secrets. */
export const base32Encode = (bytes: Buffer): string => secretOf(bytes).base32;

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  if (!/^[A-Z2-7]*$/.test(clean)) throw new Error('Invalid base32');
  return Buffer.from(OTPAuth.Secret.fromBase32(clean).bytes);
}

/** A new 160-bit secret (RFC 4226 recommends the hash's output length), base32 as authenticator apps expect. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** RFC 4226 HOTP with dynamic truncation (otpauth). */
export const hotp = (secret: Buffer, counter: number): string =>
  OTPAuth.HOTP.generate({ secret: secretOf(secret), algorithm: TOTP.algorithm, digits: TOTP.digits, counter });

export const timeStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP.periodSeconds);

/**
 * The step a code matches within ±drift of now, or null. Steps at or before `lastUsedStep` are refused, so an
 * accepted code (or an older one) cannot be used again (RFC 6238 §5.2). Not otpauth's validate(): that one stops
 * at the first match and knows nothing of the last used step.
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = base32Decode(secretBase32);
  const current = timeStep(nowMs);
  const presented = Buffer.from(code);
  let matched: number | null = null;
  // Every candidate is compared (no early exit), each in constant time.
  for (let step = current - TOTP.drift; step <= current + TOTP.drift; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(secret, step)), presented);
    if (same && matched === null && (lastUsedStep === null || step > lastUsedStep)) matched = step;
  }
  return matched;
}

export function otpauthUri(secretBase32: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: TOTP.algorithm,
    digits: String(TOTP.digits),
    period: String(TOTP.periodSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
