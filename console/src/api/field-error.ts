import type { ApiError } from './api-error';

/**
 * The form field a refusal of the platform names (`details.field`, with a mutation's `input.` prefix dropped), when it
 * is one of the form's; otherwise null and the error is shown above the form.
 */
export function fieldOf<F extends string>(error: ApiError, fields: readonly F[]): F | null {
  const field = error.details.field;
  if (typeof field !== 'string') return null;
  const name = field.replace(/^input\./, '') as F;
  return fields.includes(name) ? name : null;
}
