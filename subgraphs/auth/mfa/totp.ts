import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 6238 as Keycloak's defaults: HMAC-SHA-1, 6 digits, 30 s steps from T0 = 0, one step of drift either way. */
export const TOTP = { digits: 6, periodSeconds: 30, drift: 1, algorithm: 'SHA1' } as const;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret (RFC 4226 recommends the hash's output length), base32 as authenticator apps expect. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** RFC 4226 HOTP with dynamic truncation. */
export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const code = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP.digits;
  return code.toString().padStart(TOTP.digits, '0');
}

export const timeStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP.periodSeconds);

/**
 * The step a code matches within ±drift of now, or null. Steps at or before `lastUsedStep` are refused, so an
 * accepted code (or an older one) cannot be used again (RFC 6238 §5.2).
 */
export function matchTotp(secretBase32: string, code: string, nowMs: number, lastUsedStep: number | null): number | null {
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
  const params = new URLSearchParams({ secret: secretBase32, issuer, algorithm: TOTP.algorithm, digits: String(TOTP.digits), period: String(TOTP.periodSeconds) });
  return `otpauth://totp/${label}?${params.toString()}`;
}
