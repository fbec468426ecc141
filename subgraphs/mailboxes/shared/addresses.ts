import addressparser from 'nodemailer/lib/addressparser';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { isEmailAddress } from '../../../platform/validation/email-address.js';

/** Most recipients one field may hold. */
export const MAX_RECIPIENTS = 50;

/** One parsed address: its bare, lower-cased form and the entry as written into headers. */
export interface ParsedAddress {
  address: string;
  entry: string;
}

/**
 * Parses one recipient entry (`a@b.c` or `Name <a@b.c>`) with nodemailer's addressparser; anything that is not
 * exactly one valid address is INVALID_RECIPIENT naming the field.
 */
export function parseAddress(entry: unknown, field: string): ParsedAddress {
  if (typeof entry !== 'string' || entry.length === 0 || entry.length > 512 || /[\r\n]/.test(entry))
    throw invalidRecipient(field, entry);
  // Not flattened: a group (`team: a@b.c;`) is not one recipient.
  const parsed = addressparser(entry);
  const one = parsed.length === 1 ? parsed[0] : undefined;
  if (!one || one.group || !one.address || !isEmailAddress(one.address)) throw invalidRecipient(field, entry);
  const address = one.address.toLowerCase();
  const name = one.name?.trim();
  return { address, entry: name ? `"${name.replace(/["\\]/g, '')}" <${address}>` : address };
}

/** Parses a list of entries; duplicates (same bare address) are kept once. */
export function parseAddressList(entries: readonly unknown[] | null | undefined, field: string): ParsedAddress[] {
  if (!entries) return [];
  if (entries.length > MAX_RECIPIENTS)
    throw new DomainError('INVALID_RECIPIENT', `${field} accepts at most ${MAX_RECIPIENTS} addresses`);
  const seen = new Set<string>();
  const out: ParsedAddress[] = [];
  entries.forEach((entry, i) => {
    const parsed = parseAddress(entry, `${field}[${i}]`);
    if (seen.has(parsed.address)) return;
    seen.add(parsed.address);
    out.push(parsed);
  });
  return out;
}

/** The bare, lower-cased address of a header entry; null when it holds none. */
export function bareOf(entry: string): string | null {
  const parsed = addressparser(entry, { flatten: true });
  const one = parsed[0];
  return one && 'address' in one && one.address ? one.address.toLowerCase() : null;
}

function invalidRecipient(field: string, received: unknown) {
  const shown = typeof received === 'string' ? JSON.stringify(received.slice(0, 100)) : String(received);
  return new DomainError('INVALID_RECIPIENT', `${field} is not a valid email address: ${shown}`);
}
