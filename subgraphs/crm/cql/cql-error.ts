import { DomainError } from '../../../platform/errors/domain-error.js';

/** A parse or type error: 400 whose details say where (offset or JSON path) and what was expected. */
export function cqlError(
  source: 'where' | 'filter' | 'sort',
  at: string | number,
  expected: unknown,
  received: unknown,
  message?: string,
): DomainError {
  const where = typeof at === 'number' ? `at position ${at}` : `at ${at}`;
  return new DomainError(
    'INVALID_REQUEST',
    message
      ? `${message} (${source} ${where})`
      : `Invalid ${source} ${where}: expected ${Array.isArray(expected) ? expected.join(', ') : String(expected)}`,
    {
      field: source,
      position: at,
      expected,
      received,
    },
  );
}
