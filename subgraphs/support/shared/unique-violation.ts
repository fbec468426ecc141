import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { DomainError } from '../../../platform/errors/domain-error.js';

/** Runs `work`; a unique index refusing it (a race or a taken value) answers 409 CONFLICT with `message`. */
export async function conflictOnDuplicate<T>(
  work: () => Promise<T>,
  message: string,
  details?: Record<string, unknown>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new DomainError('CONFLICT', message, details);
    throw error;
  }
}
