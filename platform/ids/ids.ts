import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Time-ordered, URL-safe public id with the spec's prefix, e.g. `em_01jd…`: 10 chars of time, 16 random. */
export function newId(prefix: string): string {
  let time = Date.now();
  let head = '';
  for (let i = 0; i < 10; i++) {
    head = ALPHABET[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const bytes = randomPool(16);
  let tail = '';
  for (const byte of bytes) tail += ALPHABET[byte % 32];
  return `${prefix}_${head}${tail}`;
}

// One 4 KiB draw from the CSPRNG serves 256 ids: a crypto call per id costs more than the rest of newId.
const POOL = Buffer.alloc(4096);
let poolOffset = POOL.length;

/** `size` fresh random bytes from a pooled CSPRNG buffer (each byte is handed out once). */
export function randomPool(size: number): Buffer {
  if (poolOffset + size > POOL.length) {
    randomFillSync(POOL);
    poolOffset = 0;
  }
  const bytes = Buffer.from(POOL.subarray(poolOffset, poolOffset + size));
  poolOffset += size;
  return bytes;
}
