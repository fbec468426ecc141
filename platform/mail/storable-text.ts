/**
 * PostgreSQL text cannot hold U+0000, and a header, an encoded word or a file name may carry one: every string of a
 * parsed message has its NULs replaced by U+FFFD before any module stores it, so such mail is stored (visibly marked)
 * rather than refused for ever. Bytes (attachment contents, the raw message) are left as they came.
 */
export function storableText(value: string): string {
  return value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;
}

/** A copy of `value` with every string made storable: arrays, plain objects and Maps walked; bytes and dates kept. */
export function storableDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  if (ArrayBuffer.isView(value) || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v) => storableDeep(v, depth + 1)) as T;
  if (value instanceof Map)
    return new Map([...value].map(([k, v]) => [storableDeep(k, depth + 1), storableDeep(v, depth + 1)])) as T;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) copy[k] = storableDeep(v, depth + 1);
  return copy as T;
}
