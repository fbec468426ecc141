import { isEmailAddress } from '../../../platform/validation/email-address.js';

/** Email address lists as the API accepts them: `user@example.com` or `Name <user@example.com>`, one string or an array. */
// Not nodemailer's addressparser (mailboxes uses it for one entry at a time): it is a lenient header reader, and this
// is the API's validator. It drops empty entries (`a@x.com,,b@x.com` is refused here), accepts an unclosed `<`, splits
// an array entry `Doe, Jane <jane@x.com>` in two, and does not say which raw entry failed, which `received` names.

/** Most recipients one field may hold; more is a mailing list, not transactional email. */
export const MAX_ADDRESSES = 50;
/** Cap on one entry including its display name, checked before any parsing so no input is expensive. */
const MAX_ENTRY_LENGTH = 512;

// Characters that make a display name ambiguous to an address parser unless quoted.
const NAME_SPECIALS = /[()<>[\]:;@\\,."]/;

export type AddressListResult =
  | { ok: true; value: string[] }
  /** `received` is the offending entry, or the whole input when its type or size is wrong; `message` names the field. */
  | { ok: false; received: unknown; message: string };

/**
 * Parses a recipient field. A string may hold several entries separated by commas outside quotes;
 * each array element is one entry. Entries come back normalized (`user@example.com` or `"Name" <user@example.com>`).
 */
export function parseAddressList(input: unknown, field: string): AddressListResult {
  let entries: string[];
  if (typeof input === 'string') {
    if (input.length > MAX_ADDRESSES * MAX_ENTRY_LENGTH) return fail(input, `${field} is too long`);
    entries = splitList(input);
  } else if (Array.isArray(input)) {
    if (input.length > MAX_ADDRESSES) return fail(input.length, `${field} accepts at most ${MAX_ADDRESSES} addresses`);
    const bad = input.find((item) => typeof item !== 'string');
    if (bad !== undefined) return fail(bad, `${field} must be a string or an array of strings`);
    entries = input as string[];
  } else {
    return fail(input, `${field} must be a string or an array of strings`);
  }
  if (entries.length > MAX_ADDRESSES)
    return fail(entries.length, `${field} accepts at most ${MAX_ADDRESSES} addresses`);

  const value: string[] = [];
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (parsed === null)
      return fail(entry, `${field} has an invalid email address: ${JSON.stringify(entry.slice(0, 100))}`);
    value.push(parsed);
  }
  return { ok: true, value };
}

/** Lower-cased address part of an entry, the key for suppression lookups. */
export function bareAddress(addr: string): string {
  const trimmed = addr.trim();
  const open = trimmed.lastIndexOf('<');
  const inner = open >= 0 && trimmed.endsWith('>') ? trimmed.slice(open + 1, -1) : trimmed;
  return inner.trim().toLowerCase();
}

function fail(received: unknown, message: string): AddressListResult {
  return { ok: false, received, message };
}

/** Returns the normalized entry, or null when it is not a valid address. */
function parseEntry(raw: string): string | null {
  if (raw.length > MAX_ENTRY_LENGTH || /[\r\n\0]/.test(raw)) return null;
  const entry = raw.trim();
  if (!entry.endsWith('>')) return isEmailAddress(entry) ? entry : null;

  const open = entry.lastIndexOf('<');
  if (open < 0) return null;
  const address = entry.slice(open + 1, -1).trim();
  if (!isEmailAddress(address)) return null;
  let name = entry.slice(0, open).trim();
  if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1).replace(/\\(.)/g, '$1');
  if (name.includes('<') || name.includes('>')) return null;
  if (name === '') return address;
  // Quote names with specials so the mailer never reads `Doe, John` as two recipients.
  return NAME_SPECIALS.test(name) ? `"${name.replace(/[\\"]/g, '\\$&')}" <${address}>` : `${name} <${address}>`;
}

/** Splits on commas that are outside double quotes and angle brackets. */
function splitList(input: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angle = false;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted && ch === '\\' && i + 1 < input.length) {
      current += ch + input[++i];
      continue;
    }
    if (ch === '"' && !angle) quoted = !quoted;
    else if (ch === '<' && !quoted) angle = true;
    else if (ch === '>' && !quoted) angle = false;
    else if (ch === ',' && !quoted && !angle) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  const trimmed = parts.map((p) => p.trim());
  // A lone trailing comma ("a@x.com,") is harmless; an empty entry in the middle is not.
  if (trimmed.length > 1 && trimmed[trimmed.length - 1] === '') trimmed.pop();
  if (trimmed.length === 1 && trimmed[0] === '') return [];
  return trimmed;
}
