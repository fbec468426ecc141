import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Time-ordered, URL-safe public id with the spec's prefix, e.g. `em_01jd…`: 10 chars of time, 16 random. */
export function newId(prefix: string): string {
  let time = Date.now();
  let head = '';
  for (let i = 0; i < 10; i++) {
    head = ALPHABET[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const bytes = randomBytes(16);
  let tail = '';
  for (const byte of bytes) tail += ALPHABET[byte % 32];
  return `${prefix}_${head}${tail}`;
}
