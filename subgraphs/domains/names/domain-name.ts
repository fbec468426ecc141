import tr46 from 'tr46';
import { parse } from 'tldts';
import { DomainError } from '../../../platform/errors/domain-error.js';

/** A registrable name after IDNA processing. */
export interface DomainName {
  /** A-labels, lower case: what the registry and DNS see. */
  ascii: string;
  /** U-labels, for display. */
  unicode: string;
  /** The second-level label (A-label). */
  label: string;
  /** The public suffix, e.g. `com`, `co`. */
  tld: string;
}

const IDNA = {
  checkBidi: true,
  checkHyphens: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  transitionalProcessing: false,
  verifyDNSLength: true,
} as const;

/** IDNA (UTS 46, non-transitional) to A-labels; null when any label breaks the rules (length, hyphens, bidi, characters). */
export function toAsciiName(input: string): string | null {
  const trimmed = input.trim().replace(/\.$/, '');
  if (trimmed.length === 0 || trimmed.length > 253 * 4) return null;
  const ascii = tr46.toASCII(trimmed, IDNA);
  if (!ascii || ascii.length > 253) return null;
  return ascii.split('.').every((label) => label.length >= 1 && label.length <= 63) ? ascii : null;
}

const invalidName = (received: string, why: string) =>
  new DomainError('INVALID_DOMAIN_NAME', `Invalid domain name: ${why}`, {
    field: 'domainName',
    received: received.slice(0, 300),
    expected: 'a registrable name such as example.com',
  });

/**
 * A name a customer can register: valid under UTS 46, exactly one label under its public suffix (by the Public Suffix List,
 * `tldts`), and a suffix in the price table. Unicode input is accepted and converted.
 */
export function parseDomainName(input: string, supportedTlds: Record<string, unknown>): DomainName {
  if (typeof input !== 'string') throw invalidName(String(input), 'not a string');
  const ascii = toAsciiName(input);
  if (!ascii)
    throw invalidName(
      input,
      'labels must be 1 to 63 letters, digits or hyphens (not at either end), 253 characters in all',
    );
  if (!ascii.includes('.')) throw invalidName(input, 'a name and a TLD are needed');
  const parsed = parse(ascii, { allowPrivateDomains: false });
  if (parsed.isIp) throw invalidName(input, 'an IP address is not a domain name');
  const suffix = parsed.publicSuffix ?? '';
  if (!parsed.isIcann || !parsed.domain)
    throw new DomainError('TLD_NOT_SUPPORTED', `.${suffix || ascii.split('.').pop()} is not a known public suffix`, {
      field: 'domainName',
      received: input,
      expected: Object.keys(supportedTlds),
    });
  if (parsed.domain !== ascii) {
    if (!Object.prototype.hasOwnProperty.call(supportedTlds, suffix))
      throw tldNotSupported(input, suffix, supportedTlds);
    throw invalidName(input, `register the registrable name ${parsed.domain}, not a subdomain`);
  }
  if (!Object.prototype.hasOwnProperty.call(supportedTlds, suffix)) throw tldNotSupported(input, suffix, supportedTlds);
  const unicode = tr46.toUnicode(ascii, IDNA).domain;
  return { ascii, unicode, label: parsed.domainWithoutSuffix!, tld: suffix };
}

function tldNotSupported(input: string, suffix: string, supportedTlds: Record<string, unknown>) {
  return new DomainError('TLD_NOT_SUPPORTED', `.${suffix} is not offered`, {
    field: 'domainName',
    received: input,
    expected: Object.keys(supportedTlds),
  });
}

/** A host name in record data or a name server list: A-labels, at least two labels, no trailing dot. */
export function parseHostName(input: string): string | null {
  const ascii = toAsciiName(input);
  if (!ascii || !ascii.includes('.')) return null;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(ascii) ? ascii : null;
}
