import { DomainError } from '../../../platform/errors/domain-error.js';

// Addressing, identity, threading and MIME structure are the platform's to write.
const RESERVED = new Set([
  'from',
  'sender',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'return-path',
  'message-id',
  'in-reply-to',
  'references',
  'date',
  'subject',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'dkim-signature',
  'received',
  'resent-from',
  'resent-to',
  'resent-cc',
  'resent-bcc',
  'resent-sender',
  'resent-message-id',
  'delivered-to',
  'authentication-results',
  'arc-seal',
  'arc-message-signature',
  'arc-authentication-results',
  'list-unsubscribe',
  'list-unsubscribe-post',
]);
const NAME = /^[!-9;-~]{1,76}$/;
const MAX_HEADERS = 50;

/** Checks custom headers: printable names, no reserved header, no CR or LF, at most 50, values up to 998 characters. */
export function checkCustomHeaders(headers: Record<string, unknown> | null | undefined): Record<string, string> {
  if (!headers) return {};
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADERS) throw invalid('headers', entries.length, `at most ${MAX_HEADERS} headers`);
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!NAME.test(name))
      throw invalid(`headers.${name.slice(0, 80)}`, name, 'a header name of printable ASCII without ":" or spaces');
    if (RESERVED.has(name.toLowerCase()))
      throw invalid(
        `headers.${name}`,
        name,
        'a custom header (addressing, identity and threading headers are set by the platform)',
      );
    if (typeof value !== 'string') throw invalid(`headers.${name}`, value, 'a string');
    if (/[\r\n]/.test(value)) throw invalid(`headers.${name}`, value, 'a value without CR or LF');
    if (value.length > 998) throw invalid(`headers.${name}`, value.length, 'at most 998 characters');
    out[name] = value;
  }
  return out;
}

function invalid(field: string, received: unknown, expected: string) {
  return new DomainError('VALIDATION_ERROR', `Invalid value for ${field}: ${expected}`, { field, received, expected });
}
