import { createHash } from 'node:crypto';

/**
 * Sending numbers of the shared pool, per destination country (fictional ranges reserved for drama and tests).
 * A country absent here has no pool number: sends to it answer 1004.
 */
export const POOL_NUMBERS: Readonly<Record<string, readonly string[]>> = {
  US: ['+12025550143', '+12025550178', '+13125550121'],
  CA: ['+16135550134', '+14165550187'],
  GB: ['+447700900123', '+447700900456'],
  DE: ['+4915510000123'],
  FR: ['+33639980123'],
  AU: ['+61491570156'],
};

/** The pool number that sends to `to`: stable per recipient, so replies reach the same conversation. */
export function poolNumberFor(country: string | null, to: string): string | null {
  const numbers = country ? POOL_NUMBERS[country] : undefined;
  if (!numbers || numbers.length === 0) return null;
  const index = createHash('sha256').update(to).digest().readUInt32BE(0) % numbers.length;
  return numbers[index]!;
}

/** Whether a number is one of ours (inbound messages must be addressed to the pool). */
export function isPoolNumber(phone: string): boolean {
  return Object.values(POOL_NUMBERS).some((list) => list.includes(phone));
}
