import { DomainError } from '../../../platform/errors/domain-error.js';

/** A page of a mailboxes list: `limit` and `offset`, as the list meta echoes them. */
export interface MailboxPage {
  limit: number;
  offset: number;
}

/** Default 50, at most 100, offset from 0; out of range is a 400, never clamped. */
export function mailboxPage(
  limit: number | null | undefined,
  offset: number | null | undefined,
  defaults = { limit: 50, max: 100 },
): MailboxPage {
  const l = limit ?? defaults.limit;
  if (!Number.isInteger(l) || l < 1 || l > defaults.max) {
    throw new DomainError('VALIDATION_ERROR', `limit must be an integer from 1 to ${defaults.max}`, {
      field: 'limit',
      received: l,
      expected: `1..${defaults.max}`,
    });
  }
  const o = offset ?? 0;
  if (!Number.isInteger(o) || o < 0 || o > 1_000_000) {
    throw new DomainError('VALIDATION_ERROR', 'offset must be a non-negative integer', {
      field: 'offset',
      received: o,
      expected: '0..1000000',
    });
  }
  return { limit: l, offset: o };
}
