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
  const at = takeRandom(16);
  let tail = '';
  for (let i = at; i < at + 16; i++) tail += ALPHABET[POOL[i]! % 32];
  return `${prefix}_${head}${tail}`;
}

// One 4 KiB draw from the CSPRNG serves 256 ids: a crypto call per id costs more than the rest of newId.
const POOL = Buffer.alloc(4096);
let poolOffset = POOL.length;

/** The offset in POOL of `size` fresh random bytes (each byte is handed out once). */
function takeRandom(size: number): number {
  if (poolOffset + size > POOL.length) {
    randomFillSync(POOL);
    poolOffset = 0;
  }
  const at = poolOffset;
  poolOffset += size;
  return at;
}

/** `size` fresh random bytes as base64url text, without copying them out of the pool first. */
export function randomBase64url(size: number): string {
  const at = takeRandom(size);
  return POOL.toString('base64url', at, at + size);
}
