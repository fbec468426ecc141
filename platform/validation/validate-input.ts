import { getMetadataStorage, validate, type ValidationError } from 'class-validator';
import { DomainError, type ErrorDetails } from '../errors/domain-error.js';
import type { ErrorCode } from '../errors/error-codes.js';

const hasRules = new Map<object, boolean>();

/** Whether class-validator knows rules for a class (cached: most input classes of older modules have none). */
function rulesOf(target: new (...args: never[]) => object): boolean {
  let known = hasRules.get(target);
  if (known === undefined) {
    known = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false).length > 0;
    hasRules.set(target, known);
  }
  return known;
}

/**
 * The one validation layer for typed GraphQL inputs: type-graphql calls it for every argument (after GraphQL
 * has checked the types), and class-validator checks the rules a type cannot express (lengths, formats,
 * ranges, `@ValidateNested()` children). The first failure answers VALIDATION_ERROR with `details`
 * `{field, received, expected}`, the same shape as a wrongly typed variable, rendered by each module's envelope.
 */
export async function validateInput(argValue: unknown, code: InvalidInputCode = 'VALIDATION_ERROR'): Promise<void> {
  const list = Array.isArray(argValue);
  const items: unknown[] = list ? argValue : [argValue];
  for (const [i, item] of items.entries()) {
    if (item === null || typeof item !== 'object' || !rulesOf(item.constructor as new () => object)) continue;
    const errors = await validate(item, {
      forbidUnknownValues: false,
      skipMissingProperties: false,
      validationError: { target: false },
    });
    // An item of a list argument (a batch) is named by its index: `[3].to`.
    if (errors.length > 0) throw validationError(errors, code, list ? `[${i}]` : '');
  }
}

/** The code a module answers bad input with: VALIDATION_ERROR, or INVALID_REQUEST for the modules whose spec says so (email, SMS, auth, calendar, CRM). */
export type InvalidInputCode = 'VALIDATION_ERROR' | 'INVALID_REQUEST';

/**
 * A rule may carry `context: {expected}` when `expected` is not prose (the allowed values as a list, as older modules
 * answer); its `message` then becomes the error's message.
 */
interface Failure {
  field: string;
  received: unknown;
  expected: unknown;
  message?: string;
}

/** The first leaf failure, with its path as GraphQL prints it (`messages[0].content`). */
function firstFailure(errors: ValidationError[], path = ''): Failure | null {
  for (const error of errors) {
    const here = /^\d+$/.test(error.property)
      ? `${path}[${error.property}]`
      : path
        ? `${path}.${error.property}`
        : error.property;
    if (error.constraints) {
      const [name, message] = Object.entries(error.constraints)[0]!;
      const context = error.contexts?.[name] as { expected?: unknown } | undefined;
      if (context?.expected !== undefined)
        return { field: here, received: error.value ?? null, expected: context.expected, message };
      return { field: here, received: error.value ?? null, expected: message };
    }
    const nested = firstFailure(error.children ?? [], here);
    if (nested) return nested;
  }
  return null;
}

export function validationError(
  errors: ValidationError[],
  code: ErrorCode = 'VALIDATION_ERROR',
  path = '',
): DomainError {
  const failure: Failure = firstFailure(errors, path) ?? {
    field: errors[0]?.property ?? 'input',
    received: null,
    expected: 'a valid value',
  };
  const details: ErrorDetails = {
    field: failure.field,
    received: printable(failure.received),
    expected: failure.expected,
  };
  return new DomainError(
    code,
    failure.message ?? `Invalid value for ${failure.field}: ${String(failure.expected)}`,
    details,
  );
}

/** Long strings (over 1,000 characters: a 999-character subject is still echoed whole) and nested objects are shortened in `received`, so an error never echoes a whole payload. */
function printable(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 1000 ? `${value.slice(0, 1000)}…` : value;
  if (value !== null && typeof value === 'object') return Array.isArray(value) ? `array(${value.length})` : 'object';
  return value;
}
