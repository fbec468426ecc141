import { DomainError } from '../../../platform/errors/domain-error.js';
import { isEmailAddress } from '../../../platform/validation/email-address.js';

/** How a caller named a record: numeric id, external id (`ctc_`/`cmp_`) or, for contacts, an email. */
export type Identifier =
  { kind: 'id'; value: string } | { kind: 'external'; value: string } | { kind: 'email'; value: string };

const NUMERIC = /^[1-9]\d{0,17}$/;

/** Parses an identifier; anything else is 400 INVALID_ID. */
export function parseIdentifier(raw: string, prefix: 'ctc' | 'cmp', allowEmail: boolean): Identifier {
  const value = String(raw ?? '').trim();
  if (NUMERIC.test(value)) return { kind: 'id', value };
  if (new RegExp(`^${prefix}_[0-9a-z]{10,40}$`).test(value)) return { kind: 'external', value };
  if (allowEmail && isEmailAddress(value)) return { kind: 'email', value: value.toLowerCase() };
  throw new DomainError(
    'INVALID_ID',
    `"${value.slice(0, 100)}" is neither a numeric id${allowEmail ? ', an email' : ''} nor a ${prefix}_ external id`,
    {
      field: 'id',
      received: value.slice(0, 100),
      expected: allowEmail ? `numeric id, ${prefix}_ external id or email` : `numeric id or ${prefix}_ external id`,
    },
  );
}

/** A numeric id given where only numeric ids make sense (tags, lists, properties). */
export function parseNumericId(raw: unknown, field = 'id'): number {
  const value = String(raw ?? '').trim();
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
    throw new DomainError('INVALID_ID', `${field} must be a numeric id`, {
      field,
      received: value.slice(0, 100),
      expected: 'numeric id',
    });
  }
  return Number(value);
}
