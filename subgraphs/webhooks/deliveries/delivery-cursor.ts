import { DomainError } from '../../../platform/errors/domain-error.js';

/** Opaque cursor of the delivery log: the id of the last delivery of the page (ids are time-ordered). */
export function encodeCursor(lastId: string): string {
  return Buffer.from(JSON.stringify({ after: lastId }), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined): string | undefined {
  if (cursor === undefined || cursor === null || cursor === '') return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof parsed.after === 'string' && /^whd_[0-9a-z]{26}$/.test(parsed.after)) return parsed.after;
  } catch {
    // reported below
  }
  throw new DomainError('INVALID_REQUEST', 'cursor is not valid', {
    field: 'cursor',
    received: cursor,
    expected: 'the meta.cursor of a previous page',
  });
}
