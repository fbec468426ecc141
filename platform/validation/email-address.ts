import { ValidateBy, type ValidationOptions } from 'class-validator';
import tr46 from 'tr46';

/**
 * The platform's one email-address rule, for every field that takes a bare address (`local@domain.tld`).
 * docs/api-conventions.md ("Email addresses and phone numbers") lists what it accepts and refuses.
 *
 * - Local part: a dot-atom (RFC 5322) of ASCII atext and non-ASCII characters (RFC 6532), 1 to 64 octets;
 *   no leading, trailing or doubled dot. Quoted local parts (`"a b"@example.com`) are refused: legal, but refused by
 *   most mailbox providers and a header-injection surface for what no customer needs.
 * - Domain: a host name of two labels or more, internationalized names accepted (UTS 46, non-transitional), no
 *   trailing dot, no address literal (`[192.0.2.1]`), a top-level label that is not all digits.
 * - 254 octets in all (RFC 5321's path limit, the domain counted in its ASCII form).
 */
export function isEmailAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 3 || value.length > MAX_INPUT_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const asciiDomain = domainToAscii(value.slice(at + 1));
  if (asciiDomain === null || !LOCAL_PART.test(local)) return false;
  const localOctets = Buffer.byteLength(local, 'utf8');
  return localOctets <= 64 && localOctets + 1 + asciiDomain.length <= 254;
}

/** class-validator rule over `isEmailAddress`; `message` is what the field's error says it expected. */
export function IsEmailAddress(options: ValidationOptions = { message: 'an email address' }): PropertyDecorator {
  return ValidateBy({ name: 'isEmailAddress', validator: { validate: (value) => isEmailAddress(value) } }, options);
}

/** Longest string worth parsing: 64 local characters of up to 4 octets, an IDN domain, with room; refused before any work. */
const MAX_INPUT_LENGTH = 1024;

// ASCII atext (RFC 5322) plus any non-ASCII character that is not a space, a control or a format character.
const ATEXT = String.raw`[A-Za-z0-9!#$%&'*+/=?^_\x60{|}~-]|[^\x00-\x7F\s\p{C}]`;
const LOCAL_PART = new RegExp(`^(?:${ATEXT})+(?:\\.(?:${ATEXT})+)*$`, 'u');
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const IDNA = {
  checkBidi: true,
  checkHyphens: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  transitionalProcessing: false,
  verifyDNSLength: true,
} as const;

/** The domain in A-labels when it is a host name of two labels or more; null otherwise. */
function domainToAscii(domain: string): string | null {
  if (domain.length === 0 || domain.endsWith('.')) return null;
  // Plain ASCII host names skip IDNA processing (the common case); punycode labels are checked by it.
  const plainAscii = /^[\x21-\x7e]+$/.test(domain) && !/(^|\.)xn--/i.test(domain);
  const ascii = plainAscii ? domain : tr46.toASCII(domain, IDNA);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || /^\d+$/.test(labels[labels.length - 1]!)) return null;
  return labels.every((label) => ASCII_LABEL.test(label)) ? ascii : null;
}
